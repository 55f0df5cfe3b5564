/* Internal layout of sl_world, shared by the world (world/) and its measures (measure/),
 * which define SL_WORLD_INTERNAL before including it. Not part of the public API:
 * front-ends use the getters of softlab/world.h; steppers see the world only through
 * world/stepper_api.h (which this header includes, so the world implements exactly what
 * it declares). */
#ifndef SL_WORLD_INTERNAL_H
#define SL_WORLD_INTERNAL_H

#ifndef SL_WORLD_INTERNAL
#error "world/world_internal.h is the world's own: a stepper includes world/stepper_api.h (README, Architecture)"
#endif

#include "softlab/stepper.h"
#include "softlab/world.h"
#include "world/assembly.h"
#include "world/stepper_api.h"

/* The body record (sl_body_def), owned by the world. */
typedef struct sl_body {
    int *tets, tet_count, tets_per_cell;
    double rest_volume;  /* m^3: sum of the tets' volumes at the rest shape */
    int *tris, tri_count, *edges, edge_count;
    double *rest;        /* double[3n], m: sl_body_def.rest_positions, or NULL (rest = initial) */
} sl_body;

/* Frees the arrays of a body record and zeroes it. */
void sl_body_free(sl_body *b);

struct sl_world {
    int n;              /* node count */
    double *x, *v;      /* double[3n]: current positions (m), velocities (m/s) */
    double *x0, *v0;    /* double[3n]: initial state, restored by reset */
    double *x_prev, *v_prev; /* double[3n]: state before the step in progress */
    double *mass;       /* double[n], kg */
    unsigned char *pinned; /* [n] */
    double gravity[3];  /* m/s^2 */
    double divergence_stretch; /* > 0: see sl_world_def */
    double body_radius;  /* m: R0, largest distance of a node from the initial centre of mass */
    double mass_damping;  /* 1/s: damping force -c m v on every free node */

    sl_model **models;  /* owned */
    int model_count, model_capacity;
    int m;              /* total constraint rows */

    const sl_stepper_class *stepper;
    void *stepper_state;
    double dt, beta, t;
    int solve_form;     /* sl_solve_form, for the regularized stepper */
    int linear_solver;  /* sl_linear_solver, for the steppers' SPD solves */

    sl_assembly assembly; /* dof map, sparse pattern, scratch (world/assembly.h) */

    int diverged;
    double diverged_time;
    char diverged_reason[720]; /* the reason and, after it, add_stiffness's sentence (world.c) */
    sl_message_list diverged_message; /* the same as ids and parameters (softlab/message.h);
                                         diverged_reason is its English text */
    char last_error[1024];
    sl_message_list error_message; /* last_error as ids and parameters: error.world (the status's
                                      words, then the detail), the detail's own id or error.text */
    char fail_detail[200];  /* the detail of the last sl_world_fail (its status's words left off) */
    unsigned fail_count;    /* sl_world_fail calls: a step compares it to see if its stepper said why it failed */
    sl_step_timing timing;

    double *load;       /* double[3n] N, constant loads (NULL: none) */

    struct {            /* sl_world_set_ground, sl_world_add_sphere */
        int ground;
        double height, ground_friction;
        int sphere_count;
        double sphere[16][5]; /* centre x, y, z, radius (m), friction */
        int plate_count;
        double plate[SL_WORLD_MAX_PLATES][5]; /* height at t = 0 (m), velocity (m/s), stop
                                                 time (s), facing (+1 up, -1 down), friction */
    } contact;

    struct {            /* sl_world_grab: drag spring toward a target */
        int count;
        int *node;
        double *weight, *offset; /* [count], [3*count] */
        double target[3], k;
    } grab;

    sl_body body;       /* sl_world_set_body: elements and surface (world/body.c) */
    double strength;    /* sl_world_set_strength: compliances hold 1/strength of as built */
    int tracked_node;
    int momentum_correction; /* sl_world_set_momentum_correction (warping steppers) */
    int pbd_iterations; /* sl_world_set_pbd_iterations: sweeps after an explicit step */
    int iterations;     /* sl_world_set_iterations: the position-based steppers' count */
    double xpbd_damping; /* s, sl_world_set_xpbd_damping: paper 005 eq. 26's damping */

    sl_world_driver driver; /* sl_world_set_driver */
    void *driver_ctx;
    void (*driver_free)(void *);
};

/* Projects nodes out of the ground, spheres and plates (world/contact.c). */
void sl_world_resolve_contacts(sl_world *w);

/* The position-based correction after an explicit step (world/projection.c; world.h,
 * sl_world_set_pbd_iterations): w->pbd_iterations sweeps on x and v. Errors: SL_ERR_NOMEM
 * (x and v may then be partly corrected: the step restores the state before it). */
sl_status sl_world_project_constraints(sl_world *w);

/* The kinetic energy sum 1/2 m v^2 and the gravitational potential -sum m g.x (J) of the
 * current state: O(n), no model evaluated (world/analysis.c). */
void sl_world_motion_energy(const sl_world *w, double *kinetic, double *potential);

/* sl_world_energy of the current state, its phi and J evaluated into the assembly, where
 * a stepper's next evaluation at the same positions finds them (sl_assembly_evaluate):
 * the verdict's energy after each step costs no evaluation of its own for a stepper that
 * starts a step by evaluating where the last one ended (symplectic Euler, RK4, the
 * implicit ones; world/analysis.c). After a step that evaluated no model through the
 * assembly (the warping steppers), phi alone, as sl_world_energy. violation (may be NULL):
 * max|phi| of the same phi, as sl_world_energy_and_violation gives it. */
sl_energy sl_world_energy_evaluated(sl_world *w, double *violation);

/* Adds the grab force (N) at positions x (double[3n]) to force (double[3n]). */
void sl_world_add_grab_force(const sl_world *w, const double *x, double *force);


#endif
