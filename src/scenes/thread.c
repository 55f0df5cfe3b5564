/* Seed 003's suture thread (§4, §6): a tube of tetrahedra along a curve with springs on
 * every tet edge, tet volumes with a collapse barrier and torsion between consecutive
 * station triangles (sl_thread_world; the seed's eq. 14-15 were lost, the models are
 * softlab's, softlab/thread.h). Three scenes: hanging from one end, twisted by a driver
 * at one end, and pulled along a needle's path through spheres standing for tissue.
 *
 * Sizes: a 0.4 m thread of radius 4 mm in 20 segments (21 stations, 63 nodes, 60 tets),
 * density 1100 kg/m^3 (a polymer suture), 9.1 g in all. The spring k is in J (phi is a
 * strain): along an edge of length L the stiffness is k/L^2 N/m, so the short edges of
 * the station triangles (6.9 mm) are 8.3 times stiffer than the 20 mm ones along the
 * thread: the stiff and soft constraints of seed 003 §6. The volume rows get the same k,
 * barrier kappa = 1, the torsion rows k/10 per rad^2. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/scene.h"

#define PI 3.14159265358979323846
#define THREAD_STATIONS 21
#define THREAD_LENGTH 0.4   /* m */
#define THREAD_RADIUS 0.004 /* m */
#define HANG_HEIGHT 0.5     /* m: the held end of thread-hang */
#define TWIST_TURN (2 * PI) /* rad: one full turn of the driven end */
#define TWIST_TIME 4.0      /* s, to turn it */
#define NEEDLE_SPEED 0.1    /* m/s along x */
#define NEEDLE_AMPLITUDE 0.07 /* m: the path's height over and under the spheres */
#define TISSUE_SPACING 0.12 /* m between sphere centres */
#define TISSUE_RADIUS 0.04  /* m */
#define TISSUE_SPHERES 3
#define NEEDLE_STOP (TISSUE_SPACING * TISSUE_SPHERES) /* m: the needle stops under the path's end */

/* The thread along +x from (x0, y0, 0), stations evenly spaced, with the scene's
 * parameters; station 0 pinned when pin_first. */
static sl_status thread_along_x(const sl_scene_params *p, double x0, double y0, double gravity, int pin_first,
                                sl_world **out) {
    *out = NULL;
    double k = p->value[SL_PARAM_SPRING_STIFFNESS], rho = p->value[SL_PARAM_DENSITY];
    double pbd = p->value[SL_PARAM_PBD_ITERATIONS];
    if (!sl_param_valid(SL_PARAM_SPRING_STIFFNESS, k) || !sl_param_valid(SL_PARAM_DENSITY, rho) ||
        !sl_param_valid(SL_PARAM_GRAVITY, gravity) || !sl_param_valid(SL_PARAM_PBD_ITERATIONS, pbd))
        return SL_ERR_RANGE;
    double curve[3 * THREAD_STATIONS];
    for (int s = 0; s < THREAD_STATIONS; s++) {
        curve[3 * s] = x0 + THREAD_LENGTH * s / (THREAD_STATIONS - 1);
        curve[3 * s + 1] = y0, curve[3 * s + 2] = 0;
    }
    sl_thread_def def = {.station_count = THREAD_STATIONS, .curve = curve, .radius = THREAD_RADIUS,
                         .density = rho, .spring_stiffness = k, .volume_stiffness = k, .barrier = 1,
                         .torsion_stiffness = 0.1 * k, .gravity = gravity};
    sl_status st = sl_thread_world(&def, out);
    for (int i = 0; st == SL_OK && pin_first && i < 3; i++) st = sl_world_pin(*out, i, 1);
    if (st == SL_OK) st = sl_world_set_pbd_iterations(*out, (int)pbd);
    if (st != SL_OK && *out) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* Held horizontally at one end, 0.5 m up, and let go: it swings down under gravity. The
 * height makes E0 = m g 0.5 m = 0.045 J, so the relative energy error has a scale. */
static sl_status build_hang(const sl_scene_params *p, sl_world **out) {
    return thread_along_x(p, 0, HANG_HEIGHT, p->value[SL_PARAM_GRAVITY], 1, out);
}

/* A driver moving the last station's 3 nodes rigidly from their rest positions. */
typedef struct {
    int node[3];
    double rest[9]; /* m */
    int twist;      /* 1: turn about the x axis; 0: follow the needle path */
} end_driver;

/* The needle's path: straight along x at height A until x = 0, then y = A cos(pi x/s),
 * over the first sphere, under the second, over the third (s the spheres' spacing). */
static void needle_path(double x, double *y) { *y = x < 0 ? NEEDLE_AMPLITUDE : NEEDLE_AMPLITUDE * cos(PI * x / TISSUE_SPACING); }

static sl_status drive_end(sl_world *w, double t, void *ctx) {
    const end_driver *d = ctx;
    double th = 0, dx = 0, dy = 0;
    if (d->twist) /* theta(t) = Theta (1 - cos(pi t/T))/2, then held: starts and ends at rest */
        th = t < TWIST_TIME ? TWIST_TURN * (1 - cos(PI * t / TWIST_TIME)) / 2 : TWIST_TURN;
    else {
        double x_start = (d->rest[0] + d->rest[3] + d->rest[6]) / 3, y_start, y_now; /* the station's centre */
        double x_now = fmin(x_start + NEEDLE_SPEED * t, NEEDLE_STOP);
        needle_path(x_start, &y_start);
        needle_path(x_now, &y_now);
        dx = x_now - x_start, dy = y_now - y_start;
    }
    double c = cos(th), s = sin(th);
    for (int k = 0; k < 3; k++) {
        const double *r = d->rest + 3 * k;
        double x[3] = {r[0] + dx, c * r[1] - s * r[2] + dy, s * r[1] + c * r[2]}; /* about x through y=z=0 */
        sl_status st = sl_world_move_pinned(w, d->node[k], x);
        if (st != SL_OK) return st;
    }
    return SL_OK;
}

/* Pins the last station and hands it to a driver. */
static sl_status drive_last_station(sl_world *w, int twist) {
    end_driver *d = calloc(1, sizeof *d);
    if (!d) return SL_ERR_NOMEM;
    int n = sl_world_node_count(w);
    const double *x = sl_world_positions(w);
    d->twist = twist;
    for (int k = 0; k < 3; k++) {
        d->node[k] = n - 3 + k;
        memcpy(d->rest + 3 * k, x + 3 * (n - 3 + k), 3 * sizeof(double));
        sl_status st = sl_world_pin(w, n - 3 + k, 1);
        if (st != SL_OK) {
            free(d);
            return st;
        }
    }
    return sl_world_set_driver(w, drive_end, d, free);
}

/* Held at both ends on the x axis, the far end turned one full turn about the axis. */
static sl_status build_twist(const sl_scene_params *p, sl_world **out) {
    sl_status st = thread_along_x(p, 0, 0, p->value[SL_PARAM_GRAVITY], 1, out);
    if (st == SL_OK) st = drive_last_station(*out, 1);
    if (st != SL_OK && *out) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* The needle end (the last station, at x = -0.06 m) pulled along the needle's path over
 * the first sphere (tissue) on the x axis, under the second, over the third, and down to
 * stop at x = 0.36 m after 4.2 s; the rest of the thread trails free behind it. */
static sl_status build_suture(const sl_scene_params *p, sl_world **out) {
    sl_status st = thread_along_x(p, -0.06 - THREAD_LENGTH, NEEDLE_AMPLITUDE, p->value[SL_PARAM_GRAVITY], 0, out);
    for (int i = 0; st == SL_OK && i < TISSUE_SPHERES; i++)
        st = sl_world_add_sphere(*out, (double[3]){TISSUE_SPACING * i, 0, 0}, TISSUE_RADIUS, 0.2);
    if (st == SL_OK) st = drive_last_station(*out, 0);
    if (st != SL_OK && *out) sl_world_destroy(*out), *out = NULL;
    return st;
}

#define THREAD_PARAMS                                                                                              \
    (SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |  \
     SL_PARAM_BIT(SL_PARAM_PBD_ITERATIONS))
#define THREAD_DEFAULTS(g)                                                                                         \
    {{[SL_PARAM_SPRING_STIFFNESS] = THREAD_K, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,     \
      [SL_PARAM_DENSITY] = 1100, [SL_PARAM_GRAVITY] = g, [SL_PARAM_RESOLUTION] = NAN,                            \
      [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = 0, [SL_PARAM_ONERING] = NAN}}
#define THREAD_K 0.01 /* J */
#define THREAD_DT 1e-4 /* s: omega_max dt = 0.51 at rest (omega_max = 5139 rad/s); the barrier stiffens
                          compressed tets, and at 2.5e-4 s symplectic Euler diverges after 2.5 s */
#define THREAD_METHODS "methods=symplectic-euler,verlet,forest-ruth,rk4"
/* the relative energy error where E0 != 0; the twist starts at E0 = 0 (no gravity, at rest) */
#define THREAD_VIEW THREAD_METHODS "&plot=energy_error"

const sl_scene_class sl_scene_thread_hang = {
    .name = "thread-hang",
    .title = "Suture thread: hanging from one end",
    .citation = "seed 003 §4 (the thread), §6 (Table 1)",
    .description = "A 0.4 m suture thread (radius 4 mm, 60 tets) held at one end and let go "
                   "horizontally: it swings down under gravity. Springs on every tet edge, tet "
                   "volumes with a collapse barrier and torsion between station triangles "
                   "(softlab's models: the seed's eq. 14-15 were lost). The short springs across "
                   "the thread are 8 times stiffer than those along it and set the time step.",
    .default_view = THREAD_VIEW,
    .params = THREAD_PARAMS,
    .defaults = THREAD_DEFAULTS(9.81),
    .default_method = "symplectic-euler",
    .default_dt = THREAD_DT,
    .default_t_end = 3.0,
    .build = build_hang,
};

const sl_scene_class sl_scene_thread_twist = {
    .name = "thread-twist",
    .title = "Suture thread: one end turned",
    .citation = "seed 003 §4 (torsion, eq. 15)",
    .description = "The thread held at both ends without gravity; a driver turns the far "
                   "end one full turn about the thread's axis in 4 s. The torsion rows (a "
                   "dihedral angle about each segment, softlab's stand-in for the seed's "
                   "quaternion springs) and the edge springs spread the twist along the thread.",
    .default_view = THREAD_METHODS "&plot=total",
    .params = THREAD_PARAMS,
    .defaults = THREAD_DEFAULTS(0),
    .default_method = "symplectic-euler",
    .default_dt = THREAD_DT,
    .default_t_end = 6.0,
    .build = build_twist,
};

const sl_scene_class sl_scene_thread_suture = {
    .name = "thread-suture",
    .title = "Suture thread: a running stitch through tissue",
    .citation = "seed 003 §6, Fig. 4 (the suturing task)",
    .description = "The needle end of the thread is driven at 0.1 m/s along a path over, "
                   "under and over three spheres standing for tissue (radius 4 cm); the rest "
                   "of the thread trails behind under gravity and is pushed out of the spheres "
                   "by contact (projection after every step, friction 0.2). Nothing damps the "
                   "thread: each drag of yours leaves it vibrating, and the symplectic panels keep that "
                   "energy, so after many drags a squeezed tet stiffens its volume barrier past what "
                   "Δt = 0.1 ms allows and the panel says so (Forest–Ruth first: its bound is the "
                   "smallest). RK4's slight numerical damping holds.",
    .default_view = THREAD_METHODS "&camera=0.6,0.35,1.7,0.22,0,0&plot=elastic", /* the three spheres and the thread in view;
        the tracked needle end moves along x at a constant height: its elastic energy, 0 to 5.7 mJ in 0.5 s */
    .params = THREAD_PARAMS,
    .defaults = THREAD_DEFAULTS(9.81),
    .default_method = "symplectic-euler",
    .default_dt = THREAD_DT,
    .default_t_end = 6.0,
    .build = build_suture,
};
