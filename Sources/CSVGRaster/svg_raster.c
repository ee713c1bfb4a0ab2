// librsvg and cairo through dlopen/dlsym, with the few prototypes hdrprobe uses declared here
// (their headers are not needed to build): an absent library is an error for the one command
// that wants a PNG, never a failure to start the program.
#include "svg_raster.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef struct { unsigned int domain; int code; char *message; } hp_gerror;
typedef struct { double x, y, width, height; } hp_rsvg_rectangle;

typedef void *(*rsvg_new_from_data_fn)(const unsigned char *, size_t, hp_gerror **);
typedef int (*rsvg_render_document_fn)(void *, void *, const hp_rsvg_rectangle *, hp_gerror **);
typedef void (*g_object_unref_fn)(void *);
typedef void (*g_error_free_fn)(hp_gerror *);
typedef void *(*cairo_image_surface_create_fn)(int, int, int);
typedef void *(*cairo_create_fn)(void *);
typedef void (*cairo_scale_fn)(void *, double, double);
typedef int (*cairo_surface_write_to_png_fn)(void *, const char *);
typedef void (*cairo_destroy_fn)(void *);
typedef void (*cairo_surface_destroy_fn)(void *);
typedef int (*cairo_status_fn)(void *);

#if defined(__APPLE__)
static const char *rsvg_names[] = {"librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib", NULL};
static const char *cairo_names[] = {"libcairo.2.dylib", "/opt/homebrew/lib/libcairo.2.dylib", "/usr/local/lib/libcairo.2.dylib", NULL};
#else
static const char *rsvg_names[] = {"librsvg-2.so.2", NULL};
static const char *cairo_names[] = {"libcairo.so.2", NULL};
#endif

static void *open_first(const char **names) {
    for (int i = 0; names[i]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (h) return h;
    }
    return NULL;
}

static void fail(char *error, size_t size, const char *text, const char *detail) {
    if (!error || size == 0) return;
    snprintf(error, size, "%s%s%s", text, detail ? ": " : "", detail ? detail : "");
}

int hdrprobe_svg_to_png(const char *svg, size_t svg_length, double width, double height, double scale,
                        const char *png_path, char *error, size_t error_size) {
    static void *rsvg, *cairo;
    if (!rsvg) rsvg = open_first(rsvg_names);
    if (!cairo) cairo = open_first(cairo_names);
    if (!rsvg || !cairo) {
        fail(error, error_size, "PNG output needs librsvg and cairo (Debian: apt-get install librsvg2-2; Homebrew: brew install librsvg)", NULL);
        return 1;
    }
    rsvg_new_from_data_fn new_from_data = (rsvg_new_from_data_fn)dlsym(rsvg, "rsvg_handle_new_from_data");
    rsvg_render_document_fn render = (rsvg_render_document_fn)dlsym(rsvg, "rsvg_handle_render_document");
    g_object_unref_fn unref = (g_object_unref_fn)dlsym(rsvg, "g_object_unref");
    g_error_free_fn error_free = (g_error_free_fn)dlsym(rsvg, "g_error_free");
    cairo_image_surface_create_fn surface_create = (cairo_image_surface_create_fn)dlsym(cairo, "cairo_image_surface_create");
    cairo_create_fn create = (cairo_create_fn)dlsym(cairo, "cairo_create");
    cairo_scale_fn scale_fn = (cairo_scale_fn)dlsym(cairo, "cairo_scale");
    cairo_surface_write_to_png_fn write_png = (cairo_surface_write_to_png_fn)dlsym(cairo, "cairo_surface_write_to_png");
    cairo_destroy_fn destroy = (cairo_destroy_fn)dlsym(cairo, "cairo_destroy");
    cairo_surface_destroy_fn surface_destroy = (cairo_surface_destroy_fn)dlsym(cairo, "cairo_surface_destroy");
    cairo_status_fn status = (cairo_status_fn)dlsym(cairo, "cairo_status");
    if (!new_from_data || !render || !unref || !surface_create || !create || !scale_fn || !write_png || !destroy || !surface_destroy || !status) {
        fail(error, error_size, "PNG output needs librsvg 2.46 or later and cairo 1.10 or later", NULL);
        return 1;
    }
    hp_gerror *gerror = NULL;
    void *handle = new_from_data((const unsigned char *)svg, svg_length, &gerror);
    if (!handle) {
        fail(error, error_size, "librsvg cannot read the picture", gerror ? gerror->message : NULL);
        if (gerror && error_free) error_free(gerror);
        return 2;
    }
    int w = (int)(width * scale + 0.5), h = (int)(height * scale + 0.5);
    void *surface = surface_create(0 /* CAIRO_FORMAT_ARGB32 */, w, h);
    void *cr = create(surface);
    scale_fn(cr, scale, scale);
    hp_rsvg_rectangle viewport = {0, 0, width, height};
    int rendered = render(handle, cr, &viewport, &gerror);
    int result = 0;
    if (!rendered || status(cr) != 0) {
        fail(error, error_size, "librsvg cannot render the picture", gerror ? gerror->message : NULL);
        result = 3;
    } else if (write_png(surface, png_path) != 0) {
        fail(error, error_size, "cairo cannot write the PNG file", png_path);
        result = 3;
    }
    if (gerror && error_free) error_free(gerror);
    destroy(cr);
    surface_destroy(surface);
    unref(handle);
    return result;
}
