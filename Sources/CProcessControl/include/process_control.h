#ifndef HDRPROBE_PROCESS_CONTROL_H
#define HDRPROBE_PROCESS_CONTROL_H

/// Asks the kernel to send `signal` to this process when its parent dies (Linux
/// prctl(PR_SET_PDEATHSIG), which Swift cannot call: it is variadic). Returns 0 on success,
/// -1 where the platform has no such request (the caller then relies on watching its parent).
int hdrprobe_set_parent_death_signal(int signal);

#endif
