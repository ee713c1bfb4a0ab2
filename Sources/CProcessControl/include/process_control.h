#ifndef HDRPROBE_PROCESS_CONTROL_H
#define HDRPROBE_PROCESS_CONTROL_H

/// Asks the kernel to send `signal` to this process when its parent dies (Linux
/// prctl(PR_SET_PDEATHSIG), which Swift cannot call: it is variadic). Returns 0 on success,
/// -1 where the platform has no such request (the caller then relies on watching its parent).
int hdrprobe_set_parent_death_signal(int signal);

/// The file system type of the open descriptor `fd` (Linux fstatfs `f_type`, the magic numbers
/// of linux/magic.h). Returns 0 on success, -1 on failure or where there are no such numbers.
int hdrprobe_file_system_type_fd(int fd, unsigned long long *type);

#endif
