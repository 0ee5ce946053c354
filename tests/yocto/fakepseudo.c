/* Stands in for pseudo's libpseudo.so: an x86-64 library in LD_PRELOAD, as
 * bitbake has for every task.  It only has to be a loadable x86-64 object. */
int x32_sdk_fake_pseudo_loaded = 1;
