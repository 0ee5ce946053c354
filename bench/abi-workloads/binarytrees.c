/* The benchmarks game's binary-trees: allocate, check and free many small
 * two-pointer nodes.  Node size is all pointers, so x32 halves it. */
#include "workload.h"

struct node {
    struct node *left, *right;
};

static struct node *make_tree(int depth)
{
    struct node *n = must_malloc(sizeof *n);
    if (depth > 0) {
        n->left = make_tree(depth - 1);
        n->right = make_tree(depth - 1);
    } else {
        n->left = n->right = NULL;
    }
    return n;
}

static uint32_t count_nodes(const struct node *n)
{
    return n->left ? 1 + count_nodes(n->left) + count_nodes(n->right) : 1;
}

static void free_tree(struct node *n)
{
    if (n->left) {
        free_tree(n->left);
        free_tree(n->right);
    }
    free(n);
}

int main(int argc, char **argv)
{
    int max_depth = size_arg(argc, argv, 17);
    uint32_t total = 0;

    quiet_malloc();
    struct node *long_lived = make_tree(max_depth);
    for (int depth = 4; depth <= max_depth; depth += 2) {
        uint32_t iterations = 1u << (max_depth - depth + 4);
        for (uint32_t i = 0; i < iterations; i++) {
            struct node *t = make_tree(depth);
            total += count_nodes(t);
            free_tree(t);
        }
    }
    total += count_nodes(long_lived);
    free_tree(long_lived);
    printf("binarytrees depth=%d nodes=%u\n", max_depth, (unsigned)total);
    return 0;
}
