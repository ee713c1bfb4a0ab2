#include "process_control.h"

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/vfs.h>

int hdrprobe_file_system_type_fd(int fd, unsigned long long *type) {
    struct statfs fs;
    if (fstatfs(fd, &fs) != 0) return -1;
    *type = (unsigned long long)fs.f_type;
    return 0;
}

int hdrprobe_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
#else
int hdrprobe_file_system_type_fd(int fd, unsigned long long *type) {
    (void)fd; (void)type;
    return -1;
}

int hdrprobe_set_parent_death_signal(int signal) {
    (void)signal;
    return -1;
}
#endif
