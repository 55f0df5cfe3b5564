/* Green-strain FEM scenes of seed 000 §5 (Fig. 4-7, 10), on generated beams. */
#include <math.h>
#include <stdlib.h>

#include "softlab/scene.h"
#include "softlab/build.h"

#define FEM_PARAMS (SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) | \
                    SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) | SL_PARAM_BIT(SL_PARAM_RESOLUTION))

/* Defaults of an FEM scene: Young's modulus (Pa), Poisson ratio, density (kg/m^3),
 * gravity (m/s^2), resolution (cells across the short side). */
#define FEM_DEFAULTS(Y, nu, rho, g, r)                                                   \
    {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = (Y), [SL_PARAM_POISSON_RATIO] = (nu), \
      [SL_PARAM_DENSITY] = (rho), [SL_PARAM_GRAVITY] = (g), [SL_PARAM_RESOLUTION] = (r), [SL_PARAM_GRID_VARIANT] = NAN}}

/* A scene's material, gravity and mesh resolution, from resolved params. */
typedef struct {
    sl_material material;
    double gravity; /* m/s^2 */
    int resolution; /* cells across the short side */
} fem_setup;

static sl_status apply_params(const sl_scene_params *p, fem_setup *s) {
    s->material.young_modulus = p->value[SL_PARAM_YOUNG_MODULUS];
    s->material.poisson_ratio = p->value[SL_PARAM_POISSON_RATIO];
    s->material.density = p->value[SL_PARAM_DENSITY];
    s->gravity = p->value[SL_PARAM_GRAVITY];
    double r = p->value[SL_PARAM_RESOLUTION], lambda, mu;
    if (sl_material_lame(&s->material, &lambda, &mu) != SL_OK) return SL_ERR_RANGE;
    if (!sl_param_valid(SL_PARAM_GRAVITY, s->gravity) || !sl_param_valid(SL_PARAM_RESOLUTION, r)) return SL_ERR_RANGE;
    s->resolution = (int)r;
    return SL_OK;
}

/* Builds a beam world of (ratio*r) x r x r cells of size[]; pins x in [lo, hi] boxes. */
static sl_status beam_world(const fem_setup *s, const double size[3], int ratio, const double *initial_twist,
                            sl_strain strain, sl_world **out) {
    sl_tet_mesh mesh;
    int r = s->resolution;
    sl_status st = sl_tet_mesh_beam(ratio * r, r, r, size, &mesh);
    if (st != SL_OK) return st;
    double *x = NULL;
    if (initial_twist) { /* rotate each cross-section about the beam axis by twist * x/L */
        x = malloc(sizeof(double) * 3 * (size_t)mesh.node_count);
        if (!x) {
            sl_tet_mesh_free(&mesh);
            return SL_ERR_NOMEM;
        }
        for (int p = 0; p < mesh.node_count; p++) {
            const double *r0 = mesh.positions + 3 * p;
            double a = *initial_twist * r0[0] / size[0], y = r0[1] - size[1] / 2, z = r0[2] - size[2] / 2;
            x[3 * p] = r0[0];
            x[3 * p + 1] = size[1] / 2 + cos(a) * y - sin(a) * z;
            x[3 * p + 2] = size[2] / 2 + sin(a) * y + cos(a) * z;
        }
    }
    st = sl_tet_mesh_world_from(&mesh, x, &s->material, strain, s->gravity, out);
    free(x);
    sl_tet_mesh_free(&mesh);
    return st;
}

/* Pins the nodes in the box lo0..hi0 (and lo1..hi1 when not NULL) and tracks the node
 * nearest to p; on error destroys *out. */
static sl_status pinned_and_tracked(sl_world **out, const double lo0[3], const double hi0[3],
                                    const double lo1[3], const double hi1[3], const double p[3]) {
    sl_world *w = *out;
    sl_status st = sl_world_pin_box(w, lo0, hi0, NULL);
    if (st == SL_OK && lo1) st = sl_world_pin_box(w, lo1, hi1, NULL);
    const double *x = sl_world_rest_positions(w);
    int best = 0;
    double d_best = INFINITY;
    for (int i = 0; i < sl_world_node_count(w); i++) {
        double d = pow(x[3 * i] - p[0], 2) + pow(x[3 * i + 1] - p[1], 2) + pow(x[3 * i + 2] - p[2], 2);
        if (d < d_best) d_best = d, best = i;
    }
    if (st == SL_OK) st = sl_world_set_tracked_node(w, best);
    if (st != SL_OK) sl_world_destroy(w), *out = NULL;
    return st;
}

/* A beam scene of this file: the beam (size m, (ratio r) x r x r cells at resolution r),
 * its initial twist, its strain measure, the nodes pinned (in one box, or two) and the
 * node tracked (the one nearest to a point, m). The scenes differ only in these numbers. */
typedef struct beam_scene {
    double size[3];
    int ratio;
    double twist; /* rad: each cross-section turned about the axis by twist x/L at t = 0; 0: none */
    sl_strain strain;
    int boxes;                   /* pinned boxes: 1 or 2 */
    double lo[2][3], hi[2][3];   /* m: the boxes' corners */
    double tracked[3];           /* m */
} beam_scene;

enum { SOFT_BEAM, HANGING_CANTILEVER, SUPPORTED_BEAM, TWIST_GREEN, TWIST_LINEAR, INCOMPRESSIBLE_BLOCK };

#define QUARTER_TURN 1.5707963267948966 /* 90 degrees */
static const beam_scene BEAMS[] = {
    /* Fig. 10: a soft beam (Y = 8 kPa, nu = 0.25, 10 kg: 1 m x 0.2 m x 0.2 m at 250 kg/m^3)
     * clamped at one end, swinging freely under gravity. */
    [SOFT_BEAM] = {.size = {1.0, 0.2, 0.2}, .ratio = 5, .strain = SL_STRAIN_GREEN, .boxes = 1,
                   .lo = {{-1, -1, -1}}, .hi = {{1e-9, 1, 1}}, .tracked = {1.0, 0.0, 0.2}},
    /* Issue 12: the seed 000 cantilever as a new user meets it, 1 m x 0.1 m x 0.1 m, 20 x 2 x 2
     * cubes of 5 tets (400 tets), Y = 1 MPa, nu = 0.3, 1000 kg/m^3, clamped at x = 0, hanging
     * under gravity. It carries stress at rest, so the seed's regularized stepper (which leaves
     * the geometric stiffness H out of its matrix) is stable only for dt below about 2/omega_H
     * (lessons/000, tools/cantilever_stability.c, `make check-tools`). */
    [HANGING_CANTILEVER] = {.size = {1.0, 0.1, 0.1}, .ratio = 10, .strain = SL_STRAIN_GREEN, .boxes = 1,
                            .lo = {{-1, -1, -1}}, .hi = {{1e-9, 1, 1}}, .tracked = {1.0, 0.0, 0.1}},
    /* Fig. 6-7: a 10 m x 1 m x 1 m beam of 100 t (10 000 kg/m^3; 900 t with density
     * 90 000), Y = 1 GPa, nu = 0.25, resting on line supports along its two bottom ends. */
    [SUPPORTED_BEAM] = {.size = {10.0, 1.0, 1.0}, .ratio = 10, .strain = SL_STRAIN_GREEN, .boxes = 2,
                        .lo = {{-1, -1, -1}, {10 - 1e-9, -1, -1}}, .hi = {{1e-9, 1e-9, 2}, {11, 1e-9, 2}},
                        .tracked = {5.0, 0.0, 0.5}},
    /* Fig. 4-5: a 4 m x 1 m x 1 m rubbery beam (Y = 1 MPa, nu = 0.3) whose ends are held
     * twisted by 90 degrees relative to each other; with linearized strain (Fig. 5) the
     * twisted state shows a spurious volume growth. */
    [TWIST_GREEN] = {.size = {4.0, 1.0, 1.0}, .ratio = 4, .twist = QUARTER_TURN, .strain = SL_STRAIN_GREEN,
                     .boxes = 2, .lo = {{-1, -1, -1}, {4 - 1e-9, -1, -1}}, .hi = {{1e-9, 2, 2}, {5, 2, 2}},
                     .tracked = {2.0, 1.0, 1.0}},
    [TWIST_LINEAR] = {.size = {4.0, 1.0, 1.0}, .ratio = 4, .twist = QUARTER_TURN, .strain = SL_STRAIN_LINEAR,
                      .boxes = 2, .lo = {{-1, -1, -1}, {4 - 1e-9, -1, -1}}, .hi = {{1e-9, 2, 2}, {5, 2, 2}},
                      .tracked = {2.0, 1.0, 1.0}},
    /* §5.2: a 1 m block, nu = 0.5 (zero volumetric compliance), hanging from its top face:
     * only the regularized stepper runs it, and the volume is kept. */
    [INCOMPRESSIBLE_BLOCK] = {.size = {1, 1, 1}, .ratio = 1, .strain = SL_STRAIN_GREEN, .boxes = 1,
                              .lo = {{-1, 1 - 1e-9, -1}}, .hi = {{2, 2, 2}}, .tracked = {1, 0, 1}},
};

/* Builds beam scene b with the resolved params p. */
static sl_status build_beam(const sl_scene_params *p, const beam_scene *b, sl_world **out) {
    fem_setup s;
    sl_status st = apply_params(p, &s);
    if (st == SL_OK) st = beam_world(&s, b->size, b->ratio, b->twist != 0 ? &b->twist : NULL, b->strain, out);
    if (st != SL_OK) return st;
    return pinned_and_tracked(out, b->lo[0], b->hi[0], b->boxes > 1 ? b->lo[1] : NULL, b->boxes > 1 ? b->hi[1] : NULL,
                              b->tracked);
}

/* The scenes' build functions (sl_scene_class.build takes no context): one line each. */
#define BEAM_BUILDER(fn, k) \
    static sl_status fn(const sl_scene_params *p, sl_world **out) { return build_beam(p, &BEAMS[k], out); }
BEAM_BUILDER(build_soft_beam, SOFT_BEAM)
BEAM_BUILDER(build_hanging_cantilever, HANGING_CANTILEVER)
BEAM_BUILDER(build_supported_beam, SUPPORTED_BEAM)
BEAM_BUILDER(build_twist_green, TWIST_GREEN)
BEAM_BUILDER(build_twist_linear, TWIST_LINEAR)
BEAM_BUILDER(build_incompressible_block, INCOMPRESSIBLE_BLOCK)

const sl_scene_class sl_scene_fem_soft_beam = {
    .name = "fem-soft-beam",
    .title = "Soft beam swinging (FEM)",
    .citation = "seed 000 §5.3, Fig. 10",
    .description = "A 10 kg beam of Y = 8 kPa, clamped at one end, falls and swings under "
                   "gravity. No damping is added: watch the energy decay through the "
                   "regularized stepper's numerical dissipation (panel 3), and change its Δt to "
                   "compare.",
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.015,
    .default_t_end = 5.0,
    .defaults = FEM_DEFAULTS(8e3, 0.25, 250.0, 9.81, 2),
    .build = build_soft_beam,
};

const sl_scene_class sl_scene_fem_supported_beam = {
    .name = "fem-supported-beam",
    .title = "Supported beam bending (FEM)",
    .citation = "seed 000 §5.1, Fig. 6-7",
    .description = "A 10 m beam of 100 t (Y = 1 GPa) on supports at both ends sags under its "
                   "own weight; set the density to 90 000 kg/m³ for the 900 t beam of Fig. 7. "
                   "Euler-Bernoulli predicts 0.15 m at mid-span for 100 t; the default mesh, one "
                   "cell across, is stiffer in bending and sags less than half of that: raise "
                   "the resolution and compare.",
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.015,
    .default_t_end = 3.0,
    .defaults = FEM_DEFAULTS(1e9, 0.25, 1e4, 9.81, 1),
    .build = build_supported_beam,
};

const sl_scene_class sl_scene_fem_twist_beam = {
    .name = "fem-twist-beam",
    .title = "Twisted beam, Green strain (FEM)",
    .citation = "seed 000 §5.1, Fig. 4",
    .description = "A beam held twisted by 90° at its ends. With the Green strain the "
                   "large rotation costs no energy and the volume stays close to its rest value.",
    .default_view = "methods=symplectic-euler,implicit-euler,regularized&plot=volume_ratio",
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.015,
    .default_t_end = 3.0,
    .defaults = FEM_DEFAULTS(1e6, 0.3, 1000.0, 0.0, 2),
    .build = build_twist_green,
};

const sl_scene_class sl_scene_fem_twist_beam_linear = {
    .name = "fem-twist-beam-linear",
    .title = "Twisted beam, linearized strain (FEM)",
    .citation = "seed 000 §5.1, Fig. 5",
    .description = "The same twisted beam with the quadratic term of the Green strain dropped: "
                   "rotations now look like strain, and the beam swells unrealistically.",
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.015,
    .default_t_end = 3.0,
    .defaults = FEM_DEFAULTS(1e6, 0.3, 1000.0, 0.0, 2),
    .build = build_twist_linear,
};

const sl_scene_class sl_scene_fem_incompressible_block = {
    .name = "fem-incompressible-block",
    .title = "Incompressible block, ν = 0.5 (FEM)",
    .citation = "seed 000 §2.3, §5.2",
    .description = "A hanging block with Poisson ratio 0.5: the volumetric compliance is zero, "
                   "a hard constraint. Only the regularized stepper can run it (panel 1): its "
                   "volume ratio stays at 1. At ν = 0.45 (panels 2 and 3) the block is merely "
                   "nearly incompressible and linearly implicit Euler runs it too: compare the "
                   "volume ratios and how the hanging block settles.",
    .default_view = "methods=regularized,regularized,implicit-euler&poisson_ratio=0.5,0.45,0.45&plot=volume_ratio",
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.015,
    .default_t_end = 3.0,
    .defaults = FEM_DEFAULTS(1e5, 0.5, 1000.0, 9.81, 2),
    .build = build_incompressible_block,
};

const sl_scene_class sl_scene_fem_hanging_cantilever = {
    .name = "fem-hanging-cantilever",
    .title = "Hanging cantilever under prestress (FEM)",
    .citation = "seed 000 §5.1; eq. 20 without the geometric stiffness H of eq. 23",
    /* each sentence with an outcome is a row of src/validate/scenes.c
     * (000-scene-hanging-cantilever-*), run on this default view */
    .description = "A 1 m × 0.1 m × 0.1 m rubbery cantilever (Y = 1 MPa) clamped at one end "
                   "sags under gravity and carries stress at rest. Symplectic Euler (panel 1) "
                   "blows up at once: at Δt = 2 ms it is far beyond its stability bound "
                   "ω_max Δt = 2. At 2 ms the seed's regularized stepper (panel 3) loses energy "
                   "as the beam settles. It leaves the geometric stiffness out of its matrix, "
                   "so at a time step above about 2/ω of that stiffness it gains energy: set "
                   "panel 3's Δt to 10 ms and watch its state line say 'growing'. The "
                   "regularized-geometric stepper, with that stiffness in its matrix, holds at "
                   "10 ms.",
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .params = FEM_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.002,
    .default_t_end = 5.0,
    .defaults = FEM_DEFAULTS(1e6, 0.3, 1000.0, 9.81, 2),
    .build = build_hanging_cantilever,
};
