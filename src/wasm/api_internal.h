/* Shared by the files of softlab's wasm API (api.c: tables, panels, physics;
 * api_draw.c: drawing, picking, grabbing). Not part of the exported API. */
#ifndef SL_API_INTERNAL_H
#define SL_API_INTERNAL_H

#include <emscripten.h>
#include <emscripten/html5.h>

#include "render.h"
#include "softlab/scene.h"
#include "softlab/world.h"

#define API EMSCRIPTEN_KEEPALIVE
#define MAX_PANELS 16

typedef struct panel {
    int used;
    sl_world *world;
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl; /* 0 until a canvas is attached */
    sl_render *render;
    double color[3];
    int grab_node; /* node pulled by the mouse, -1 if none */
    sl_scene_params params; /* the parameters its world was built with */
    char scene[64];         /* its scene's name ("mesh": the user's mesh) */
    int field;              /* colour map: sl_field (0 none, 1 energy density, 2 volume change) */
    double field_lo, field_hi; /* its range as asked (NaN: automatic) */
    double range[2];        /* the colour range in use (NaN: none) */
    double auto_range[2];   /* union of the robust ranges since the last restart */
    int auto_valid;         /* 0: auto_range restarts at the next evaluation */
    const sl_world *auto_world; /* the world and time of the last evaluation: a rebuild */
    double auto_time;           /* or a reset (time going back) restarts the range */
} panel;

extern panel panels[MAX_PANELS];

/* Sets the API's last error (sl_api_last_error(0)), printf-style. */
void set_error(const char *fmt, ...);

/* The panel of handle h (1..MAX_PANELS), or NULL (and sets the error). */
panel *get(int h);

/* The world of handle h, or NULL. */
sl_world *world_of(int h);

#endif
