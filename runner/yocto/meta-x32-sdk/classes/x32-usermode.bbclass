# x32-usermode: OpenEmbedded turns the qemu-usermode machine feature off for every
# x32 tune ("user mode qemu doesn't support x32", arch-x86.inc); this class turns it
# back on and makes x32-run the "qemu" that oe.qemu.qemu_wrapper_cmdline names.
# Enable it with INHERIT += "x32-usermode" in local.conf (see the layer's README).

# scarthgap filters MACHINE_FEATURES_BACKFILL against ..._BACKFILL_CONSIDERED, wrynose
# MACHINE_FEATURES_DEFAULTS against ..._OPTED_OUT; an :append on MACHINE_FEATURES
# itself is outside both filters, so this one line serves both releases.
MACHINE_FEATURES:append:x86-x32 = " qemu-usermode"

# oe.qemu.qemu_target_binary() takes QEMU_TARGET_BINARY_<PACKAGE_ARCH>, else
# qemu-<TARGET_ARCH> (qemu-x86_64, which cannot load x32). The package architectures
# of an x32 build: the tune's (the four x32 tunes of oe-core) and the machine's.
QEMU_TARGET_BINARY_x86_64_x32 = "x32-run"
QEMU_TARGET_BINARY_core2-64-x32 = "x32-run"
QEMU_TARGET_BINARY_corei7-64-x32 = "x32-run"
QEMU_TARGET_BINARY_x86-64-v3-x32 = "x32-run"
QEMU_TARGET_BINARY_${MACHINE_ARCH} = "${@'x32-run' if bb.utils.contains('TUNE_FEATURES', 'mx32', True, False, d) else ''}"

# x32-run must be in the recipe's native sysroot wherever OE would put qemu-native
# there (meson and cmake-qemu exe wrappers, gobject-introspection, gtk-doc,
# qemuwrapper-cross and so every postinst intercept, libc-package's qemu localedef),
# and next to it in PACKAGE_WRITE_DEPS, where scarthgap's postinst-intercept classes
# (gio-module-cache, fontcache, ...) name qemu-native; wrynose's name qemuwrapper-cross.
# RecipeTaskPreProcess comes after every anonymous function (libc-package adds
# qemu-native in one) and before bitbake reads DEPENDS into the task graph.
python x32_usermode_depends () {
    d = e.data
    if 'mx32' not in (d.getVar('TUNE_FEATURES') or '').split():
        return
    for var in ('DEPENDS', 'PACKAGE_WRITE_DEPS'):
        if 'qemu-native' in (d.getVar(var) or '').split():
            d.appendVar(var, ' x32-run-native')
}
addhandler x32_usermode_depends
x32_usermode_depends[eventmask] = "bb.event.RecipeTaskPreProcess"
