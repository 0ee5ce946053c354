/* X32_RUN_EVIDENCE (front/evidence.c). */
#ifndef X32RUN_EVIDENCE_H
#define X32RUN_EVIDENCE_H

/* X32_RUN_EVIDENCE=DIR: one line per x32 program start appended to DIR/starts,
 * so that a test harness can tell which tests really ran x32 code.  via is
 * "binfmt" or "runner". */
void evidence_record(const char *program, const char *via);

#endif
