#ifndef HDRPROBE_SVG_RASTER_H
#define HDRPROBE_SVG_RASTER_H
#include <stddef.h>

/// Renders an SVG document to a PNG file with librsvg and cairo, loaded at first use (dlopen):
/// hdrprobe links neither, so only `plot --output FILE.png` needs them installed.
/// `scale` multiplies the SVG's own width and height. Returns 0 on success; otherwise writes a
/// sentence to `error` (at most `error_size` bytes, NUL-terminated) and returns non-zero:
/// 1 the libraries cannot be loaded, 2 the SVG is not readable, 3 rendering or writing failed.
int hdrprobe_svg_to_png(const char *svg, size_t svg_length, double width, double height, double scale,
                        const char *png_path, char *error, size_t error_size);

#endif
