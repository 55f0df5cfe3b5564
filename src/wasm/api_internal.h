/* Shared by the files of softlab's wasm API (api.c: tables, errors, parameters, the
 * user's mesh; api_sim.c: simulation handles; api_find.c: the page's largest-stable-dt search; api_inspect.c: the element inspector; api_view.c: view handles). Not part of
 * the exported API. A simulation owns a world and hands out arrays; a view owns a WebGL2
 * canvas and copies of those arrays, and never sees a world: the page copies arrays
 * from one to the other, so the two can live in different wasm instances (a Worker). */
#ifndef SL_API_INTERNAL_H
#define SL_API_INTERNAL_H

#include <emscripten.h>

#include "softlab/scene.h"
#include "softlab/world.h"

#define API EMSCRIPTEN_KEEPALIVE
#define MAX_HANDLES 16 /* simulations, and separately views */

/* text as a reader sees it: "seed NNN" replaced by the paper's citation
 * (sl_paper_reader_text), in one of a few static buffers (each call's result is valid until
 * four more calls: the page reads every string at once). Every exported string a page shows
 * goes through it. */
const char *reader_text(const char *text);

/* A message list as JSON for the page (api_message.c), in one of two static buffers
 * (valid until the second call after). */
const char *message_json(const sl_message_list *l);

/* The API's own last error (exported), and as ids (JSON). */
const char *sl_api_last_error(void);
const char *sl_api_last_error_message(void);

/* Sets the API's last error (sl_api_last_error(0)), printf-style; its ids are one part
 * error.text with that English until set_error_parts gives the core's own. */
void set_error(const char *fmt, ...);

/* Sets the ids of the API's last error (sl_api_last_error_message) to parts. */
void set_error_parts(const sl_message_list *parts);

/* The world of simulation handle h (api_sim.c), or NULL (no such handle, or not built
 * yet: then the error is set). */
sl_world *api_sim_world(int h);

/* The scene name ("mesh": the user's mesh) and the parameters simulation h's world was
 * built with (api_sim.c), or NULL (no such handle, or not built yet). */
const char *api_sim_scene(int h);
const sl_scene_class *api_sim_scene_class(int h); /* its class (NULL: unknown scene) */
const sl_scene_params *api_sim_params(int h);

/* Ends and frees simulation h's largest-stable-dt search, if any (api_find.c, exported). */
void sl_api_find_dt_stop(int h);

/* Builds the world of `scene` ("mesh": the user's mesh, sl_api_mesh_load) with params,
 * no stepper. Sets the error on failure. */
sl_status build_world(const char *scene, const sl_scene_params *params, sl_world **out);

/* The value of parameter `name` (an sl_param_infos name) in p; NaN if unknown or kept. */
double param_value(const sl_scene_params *p, const char *name);

/* Sets parameter `name` in p to value (NaN: back to "the scene's default"). Errors:
 * SL_ERR_INDEX (unknown name), SL_ERR_RANGE (outside the table's range); sets the error. */
sl_status param_set(sl_scene_params *p, const char *name, double value);

#endif
