/* FFmpeg loaded at first use (include/shim.h explains why): dlopen of the three libraries by the
   sonames of this build's headers, dlsym of every function hdrprobe calls into one table. */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static struct hdrprobe_ffmpeg_functions table;
static int loaded;
static char load_error[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Opens one library by its soname, found as the dynamic linker finds a linked library
   (LD_LIBRARY_PATH, the executable's rpath, the system's cache and folders), or only in the folder
   HDRPROBE_FFMPEG_DIR names when that is set; on failure records dlerror()'s reason and returns
   NULL. Libraries stay open for the life of the process (they are never unloaded). */
static void *open_library(const char *soname) {
    const char *dir = getenv("HDRPROBE_FFMPEG_DIR");
    char path[4096];
    if (dir && *dir) {
        snprintf(path, sizeof path, "%s/%s", dir, soname);
        soname = path;
    }
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load %s: %s", soname, why ? why : "unknown error");
    }
    return handle;
}

static void load_once(void) {
    /* libavutil first, then the libraries that depend on it, as the dynamic linker would. */
    void *avutil = open_library(HDRPROBE_AVUTIL_SONAME);
    void *avcodec = avutil ? open_library(HDRPROBE_AVCODEC_SONAME) : NULL;
    void *avformat = avcodec ? open_library(HDRPROBE_AVFORMAT_SONAME) : NULL;
    if (!avformat) return;
    struct hdrprobe_ffmpeg_functions found;
    int missing = 0;
#define HDRPROBE_FFMPEG_LOOKUP(lib, name)                                                              \
    *(void **)&found.name = dlsym(lib, #name);                                                          \
    if (!found.name && !missing) {                                                                      \
        missing = 1;                                                                                    \
        snprintf(load_error, sizeof load_error, "lib%s has no function %s", #lib, #name);                \
    }
    HDRPROBE_FFMPEG_FUNCTIONS(HDRPROBE_FFMPEG_LOOKUP)
#undef HDRPROBE_FFMPEG_LOOKUP
    if (missing) return;
    table = found;
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

int hdrprobe_ffmpeg_load(void) {
    pthread_once(&once, load_once);
    return hdrprobe_ffmpeg_is_loaded() ? 0 : -1;
}

int hdrprobe_ffmpeg_is_loaded(void) {
    /* Written once, inside pthread_once, before any caller can see the load succeed. */
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
}

const char *hdrprobe_ffmpeg_load_error(void) { return hdrprobe_ffmpeg_is_loaded() ? "" : load_error; }

const struct hdrprobe_ffmpeg_functions *hdrprobe_ffmpeg(void) { return &table; }
