/* Constants shared by the C and assembly sides of the runner. */
#ifndef X32RUN_LAYOUT_H
#define X32RUN_LAYOUT_H

/* Size and alignment of a thread block (thread_state + signal altstack);
 * a power of two, so rounding %rsp down finds the block. */
#define ALTSTACK_SIZE (512 * 1024)

#endif
