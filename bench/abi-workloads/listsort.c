/* Merge sort of a singly linked list whose nodes are scattered in memory:
 * every step is a dependent pointer load, the case where cache footprint
 * (8-byte against 16-byte nodes) decides the speed. */
#include "workload.h"

struct node {
    struct node *next;
    uint32_t key;
};

static struct node *merge(struct node *a, struct node *b)
{
    struct node head, *tail = &head;
    while (a && b) {
        if (a->key <= b->key) {
            tail->next = a;
            a = a->next;
        } else {
            tail->next = b;
            b = b->next;
        }
        tail = tail->next;
    }
    tail->next = a ? a : b;
    return head.next;
}

/* Split by walking with a slow and a fast pointer: more chasing, as intended. */
static struct node *sort_list(struct node *list)
{
    if (!list || !list->next)
        return list;
    struct node *slow = list, *fast = list->next;
    while (fast && fast->next) {
        slow = slow->next;
        fast = fast->next->next;
    }
    struct node *second = slow->next;
    slow->next = NULL;
    return merge(sort_list(list), sort_list(second));
}

int main(int argc, char **argv)
{
    int count = size_arg(argc, argv, 1 << 18);
    uint32_t seed = 12345, sum = 0;

    quiet_malloc();
    /* Allocate in order, then link in shuffled order so that list order and
     * address order disagree, as in a long-running program's heap. */
    struct node **nodes = must_malloc(sizeof *nodes * (size_t)count);
    for (int i = 0; i < count; i++)
        nodes[i] = must_malloc(sizeof **nodes);
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(next_random(&seed) % (uint32_t)(i + 1));
        struct node *t = nodes[i];
        nodes[i] = nodes[j];
        nodes[j] = t;
    }
    struct node *list = NULL;
    for (int i = 0; i < count; i++) {
        nodes[i]->next = list;
        list = nodes[i];
    }
    free(nodes);

    for (int round = 0; round < 3; round++) {
        for (struct node *n = list; n; n = n->next)
            n->key = next_random(&seed);
        list = sort_list(list);
        uint32_t index = 0, previous = 0;
        for (struct node *n = list; n; n = n->next, index++) {
            if (n->key < previous) {
                puts("listsort: not sorted");
                return 1;
            }
            previous = n->key;
            sum += n->key * (index | 1);
        }
    }
    printf("listsort count=%d sum=%08x\n", count, (unsigned)sum);
    return 0;
}
