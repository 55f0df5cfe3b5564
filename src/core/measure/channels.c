/* The channel table (softlab/channels.h): what each measured quantity is, how it is
 * labelled and read, for the page and the command-line CSV alike. A new quantity is one
 * row here; the page plots, samples and exports it without code of its own. (The page adds
 * what only it knows: time per step, the phase coordinates, the energy error.) */
#define SL_WORLD_INTERNAL /* world/world_internal.h: sl_world_motion_energy */
#include <math.h>
#include <stddef.h>

#include "measure/measure.h"
#include "softlab/channels.h"
#include "softlab/warping.h"
#include "world/world_internal.h"

/* What the readers share: evaluated once a measure (each energy alone costs an
 * evaluation of every model). */
typedef struct measure_ctx {
    const sl_world *w;
    sl_energy e;
    double violation;  /* max|phi| (sl_world_energy_and_violation, with e) */
    double F[3], T[3]; /* net warped elastic force (N) and torque (N m): seed 002's ghosts */
    int ghost;         /* 1 if the stepper warps and has stepped (F and T are set) */
    double volume_ratio; /* sl_world_volume_ratio and sl_world_inverted_cells, from one pass */
    int inverted;
} measure_ctx;

static double norm3(const double v[3]) { return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }
static double tracked_coordinate(const measure_ctx *c, int k) {
    int i = sl_world_tracked_node(c->w);
    return i < 0 || i >= sl_world_node_count(c->w) ? NAN : sl_world_positions(c->w)[3 * i + k];
}
static double ch_height(const measure_ctx *c) { return tracked_coordinate(c, 1); }
static double ch_x(const measure_ctx *c) { return tracked_coordinate(c, 0); }
static double ch_z(const measure_ctx *c) { return tracked_coordinate(c, 2); }
static double ch_kinetic(const measure_ctx *c) { return c->e.kinetic; }
static double ch_potential(const measure_ctx *c) { return c->e.potential; }
static double ch_elastic(const measure_ctx *c) { return c->e.elastic; }
static double ch_total(const measure_ctx *c) { return c->e.total; }
static double ch_volume_ratio(const measure_ctx *c) { return c->volume_ratio; }
static double ch_violation(const measure_ctx *c) { return c->violation; }
static double ch_iterations(const measure_ctx *c) {
    return sl_world_time(c->w) > 0 ? sl_world_last_timing(c->w).iterations : NAN; /* none before a step */
}
static double ch_step_size(const measure_ctx *c) { return sl_world_step_size(c->w); }
static double ch_thickness_ratio(const measure_ctx *c) { return sl_world_thickness_ratio(c->w); }
static double ch_ghost_force(const measure_ctx *c) { return c->ghost ? norm3(c->F) : NAN; }
static double ch_ghost_torque(const measure_ctx *c) { return c->ghost ? norm3(c->T) : NAN; }
static double ch_inverted_cells(const measure_ctx *c) {
    return c->inverted < 0 ? NAN : c->inverted; /* no tets: no curve */
}

/* Which worlds a channel has a value for (sl_channel_applies). */
static int always(const sl_world *w) { return w != NULL; }
static int tracked(const sl_world *w) { return sl_world_tracked_node(w) >= 0; }
static int has_tets(const sl_world *w) { return sl_world_tet_count(w) > 0; }
static int has_plates(const sl_world *w) { return sl_world_plate_count(w) >= 2; }

typedef struct row {
    sl_channel text;
    int (*applies)(const sl_world *w);
    double (*read)(const measure_ctx *c);
} row;

static const row rows[] = {
    {{"height", "height_m", "height of the tracked node", "m", "height", NULL, 0}, tracked, ch_height},
    /* the tracked node's other coordinates: the oscillator's and pendulum's swing is in x */
    {{"x", "x_m", "x of the tracked node", "m", "x", NULL, 0}, tracked, ch_x},
    {{"z", "z_m", "z of the tracked node", "m", "z", NULL, 0}, tracked, ch_z},
    {{"kinetic", "kinetic_J", "kinetic energy", "J", NULL, NULL, 0}, always, ch_kinetic},
    {{"potential", "potential_J", "potential energy (gravity)", "J", "potential energy", NULL, 0}, always, ch_potential},
    {{"elastic", "elastic_J", "elastic energy", "J", NULL, NULL, 0}, always, ch_elastic},
    {{"total", "total_J", "total energy", "J", NULL, NULL, 0}, always, ch_total},
    {{"volume_ratio", "volume_ratio", "volume ratio V/V₀", "", "V/V₀", NULL, 0}, has_tets, ch_volume_ratio},
    {{"violation", "violation", "constraint violation max|φ|", "", "max|φ|", NULL, 0}, always, ch_violation},
    /* sl_step_timing.iterations (softlab/world.h) */
    {{"solver_iterations", "solver_iterations", "linear-solver iterations per step", "", "solver iterations",
      "Krylov iterations of the step's linear solves, summed: MINRES (or CG) of the two pressure "
      "projections of the incompressible stepper; PCG of the regularized, implicit Euler and linear FEM "
      "steppers; BiCGSTAB of vertex stiffness warping. 0 when the step solved directly (a fresh Cholesky "
      "or LU factor) or solved nothing (explicit steppers).",
      0},
     always, ch_iterations},
    /* sl_world_step_size: the world's dt, or the incompressible stepper's adaptive substep */
    {{"step_size", "step_size_s", "time step in use Δt", "s", "Δt",
      "The step size the stepper takes: the panel's Δt, or with the incompressible stepper's adaptive step the "
      "substep its rule picks (the elastic CFL bound and the thinnest tet's crossing).",
      1},
     always, ch_step_size},
    /* sl_world_thickness_ratio: seed 001 Fig. 6's thickness (NaN, no curve, without plates) */
    {{"thickness_ratio", "thickness_ratio", "plates' gap over the body's height", "", "thickness", NULL, 0},
     has_plates, ch_thickness_ratio},
    /* seed 002's ghost forces: what the warped elastic forces add to the body's momentum
     * (sl_world_warping_ghost; NaN, no curve, for a stepper that does not warp) */
    {{"ghost_force", "ghost_force_N", "net elastic force |Σf| (ghost force)", "N", "|Σf|", NULL, 0}, sl_world_warps,
     ch_ghost_force},
    {{"ghost_torque", "ghost_torque_N_m", "net elastic torque |Σ(x−c)×f| (ghost torque)", "N·m", "|Σ(x−c)×f|", NULL, 0},
     sl_world_warps, ch_ghost_torque},
    /* seed 004 Fig. 6: the original grid model's ball implodes, the improved one does not */
    {{"inverted_cells", "inverted_cells", "inverted cells (a tet of non-positive volume)", "", "inverted cells",
      "Cells with a tetrahedron of zero or negative volume: an element turned inside out (seed 004's "
      "implosions). No curve for a body without tetrahedra.",
      0},
     has_tets, ch_inverted_cells},
};
#define ROWS ((int)(sizeof rows / sizeof rows[0]))
_Static_assert(ROWS <= SL_CHANNEL_MAX, "raise SL_CHANNEL_MAX");

int sl_channel_count(void) { return ROWS; }

const sl_channel *sl_channel_get(int i) { return i >= 0 && i < ROWS ? &rows[i].text : NULL; }

int sl_channel_applies(int i, const sl_world *w) { return w && i >= 0 && i < ROWS && rows[i].applies(w); }

/* The table's readers in order into out, c's energy and violation set. */
static int read_rows(measure_ctx *c, double *out) {
    c->ghost = sl_world_warping_ghost(c->w, c->F, c->T) == SL_OK;
    sl_world_volume_and_inverted(c->w, &c->volume_ratio, &c->inverted);
    for (int i = 0; i < ROWS; i++) out[i] = rows[i].read(c);
    return ROWS;
}

int sl_world_channels(const sl_world *w, double *out) {
    if (!w || !out) return 0;
    measure_ctx c = {.w = w};
    c.e = sl_world_energy_and_violation(w, &c.violation);
    return read_rows(&c, out);
}

int sl_world_channels_known(const sl_world *w, double elastic, double violation, double *out) {
    if (!w || !out) return 0;
    measure_ctx c = {.w = w, .violation = violation};
    /* as sl_world_energy_and_violation sums them (world/analysis.c) */
    sl_world_motion_energy(w, &c.e.kinetic, &c.e.potential);
    c.e.elastic = elastic;
    c.e.total = c.e.kinetic + c.e.potential + c.e.elastic;
    return read_rows(&c, out);
}
