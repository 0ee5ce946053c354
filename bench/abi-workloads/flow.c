/* In the spirit of SPEC's 181.mcf: node and arc records that point at each
 * other and carry `long` costs, searched again and again.  Here a queue-based
 * Bellman-Ford (SPFA) computes node potentials from many sources.  mcf is the
 * program where x32's smaller records were reported 40% faster. */
#include "workload.h"

struct arc;

struct node {
    struct arc *first_out;
    struct node *pred;          /* shortest-path tree, as mcf keeps a basis tree */
    struct arc *basic_arc;
    struct node *queue_next;
    long potential;
    int in_queue;
    int number;
};

struct arc {
    struct node *tail, *head;
    struct arc *next_out;
    long cost;
    long flow;
};

/* Label-correcting shortest paths; costs are small so `long` never overflows
 * even where it is 4 bytes, and every ABI computes the same numbers. */
static void shortest_paths(struct node *nodes, int count, struct node *source)
{
    for (int i = 0; i < count; i++) {
        nodes[i].potential = 1L << 30;
        nodes[i].pred = NULL;
        nodes[i].basic_arc = NULL;
        nodes[i].in_queue = 0;
    }
    source->potential = 0;
    struct node *head = source, *tail = source;
    source->queue_next = NULL;
    source->in_queue = 1;
    while (head) {
        struct node *u = head;
        head = u->queue_next;
        if (!head)
            tail = NULL;
        u->in_queue = 0;
        for (struct arc *a = u->first_out; a; a = a->next_out) {
            struct node *v = a->head;
            long d = u->potential + a->cost;
            if (d < v->potential) {
                v->potential = d;
                v->pred = u;
                v->basic_arc = a;
                if (!v->in_queue) {
                    v->in_queue = 1;
                    v->queue_next = NULL;
                    if (tail)
                        tail->queue_next = v;
                    else
                        head = v;
                    tail = v;
                }
            }
        }
    }
}

int main(int argc, char **argv)
{
    int node_count = size_arg(argc, argv, 60000);
    int arc_count = node_count * 8;
    uint32_t seed = 4242, sum = 0;

    quiet_malloc();
    struct node *nodes = calloc((size_t)node_count, sizeof *nodes);
    struct arc *arcs = calloc((size_t)arc_count, sizeof *arcs);
    if (!nodes || !arcs)
        return 1;
    for (int i = 0; i < node_count; i++)
        nodes[i].number = i;
    /* A ring keeps every node reachable; the rest are random chords. */
    for (int i = 0; i < arc_count; i++) {
        struct arc *a = &arcs[i];
        int from = i < node_count ? i : (int)(next_random(&seed) % (uint32_t)node_count);
        int to = i < node_count ? (i + 1) % node_count
                                : (int)(next_random(&seed) % (uint32_t)node_count);
        a->tail = &nodes[from];
        a->head = &nodes[to];
        a->cost = 1 + (long)(next_random(&seed) % 1000);
        a->next_out = a->tail->first_out;
        a->tail->first_out = a;
    }
    for (int round = 0; round < 6; round++) {
        struct node *source = &nodes[next_random(&seed) % (uint32_t)node_count];
        shortest_paths(nodes, node_count, source);
        /* Walk each node's tree path a few steps, as mcf walks its basis tree,
         * and push a unit of flow along the arcs met. */
        for (int i = 0; i < node_count; i += 7) {
            struct node *n = &nodes[i];
            for (int step = 0; step < 16 && n->pred; step++) {
                n->basic_arc->flow++;
                n = n->pred;
            }
            sum += (uint32_t)nodes[i].potential * (uint32_t)(n->number + 1);
        }
    }
    for (int i = 0; i < arc_count; i++)
        sum += (uint32_t)arcs[i].flow * (uint32_t)i;
    printf("flow nodes=%d arcs=%d sum=%08x\n", node_count, arc_count, (unsigned)sum);
    return 0;
}
