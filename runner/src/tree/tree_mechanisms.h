/* The two ways x32-run --tree sets a tree up (tree_binfmt.c, tree_preload.c),
 * for tree.c, which chooses between them. */
#ifndef X32RUN_TREE_MECHANISMS_H
#define X32RUN_TREE_MECHANISMS_H

#include <stddef.h>

#define BINFMT_DIR "/proc/sys/fs/binfmt_misc"
#define BINFMT_ENTRY "x32"

/* Each returns 0 with this process set up (its children will be in the tree),
 * or -1 with the reason in why. */
int binfmt_tree_setup(const char *runner, char *why, size_t cap);
int preload_tree_setup(const char *runner, char *why, size_t cap);
/* 1 when binfmt's user namespace can map every id onto itself (root with
 * CAP_SETUID and CAP_SETGID): only then does it change no ids (tree_ids.c). */
int binfmt_keeps_ids(void);
/* The identity over /proc/self/<which> ("uid_map", "gid_map")'s ranges. */
int identity_id_map(const char *which, char *map, size_t cap);
/* What the binfmt tree changes for this user, as one clause for --probe. */
void binfmt_changes(char *buf, size_t cap);
/* The interposition library's path into buf; 1 when it is readable there. */
int find_preload(const char *runner, char *buf, size_t cap);

#endif
