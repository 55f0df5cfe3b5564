/* World builders (src/scenes/): a world from a tetrahedral mesh, a world of a Terzopoulos
 * grid solid, and the user-mesh scene. The scenes of the table, the CLI, the wasm API and
 * the tests build their worlds through these, so each body is put together one way. */
#ifndef SL_BUILD_H
#define SL_BUILD_H

#include "softlab/grid.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"
#include "softlab/tet_fem.h"

/* ---- tetrahedral bodies (seed 000 §2.3) ------------------------------------------------ */

/* A world of the mesh with lumped masses from the material's density, the FEM model
 * (rest shape = mesh positions), gravity g (m/s^2) along -y, the body record (tets,
 * boundary, edges), and the default divergence criterion (sl_world_def). The
 * world starts at initial (double[3n], m; NULL: the rest shape). No stepper, no pins.
 * Errors: as sl_world_create, sl_tet_fem_create and sl_tets_boundary. */
sl_status sl_tet_mesh_world_from(const sl_tet_mesh *mesh, const double *initial,
                                 const sl_material *material, sl_strain strain, double gravity,
                                 sl_world **out);

/* sl_tet_mesh_world_from starting at rest. */
sl_status sl_tet_mesh_world(const sl_tet_mesh *mesh, const sl_material *material,
                            sl_strain strain, double gravity, sl_world **out);

/* ---- the suture thread (seed 003 §4) --------------------------------------------------- */

typedef struct sl_thread_def {
    int station_count;        /* stations along the curve, in [2, 1000] */
    const double *curve;      /* double[3*station_count], m: the centre line at rest */
    double radius;            /* m, > 0: distance of a station's nodes from the curve */
    double density;           /* kg/m^3, > 0: lumped masses, rho V/4 of each tet per node */
    double spring_stiffness;  /* k of the springs on every tet edge, J (phi is a strain) */
    double volume_stiffness;  /* k of the volume-barrier rows, J (softlab/thread.h) */
    double barrier;           /* kappa of the collapse barrier, >= 0 (0: none) */
    double torsion_stiffness; /* k of the torsion rows, J/rad^2 (0: no torsion model) */
    double gravity;           /* m/s^2 along -y, >= 0 */
} sl_thread_def;

/* A world of the thread: the mesh of sl_tet_mesh_thread (node 3s + k: station s, corner
 * k), springs on every tet edge (softlab/springs.h), the volume-barrier model and the
 * torsion model between consecutive stations (softlab/thread.h), lumped masses, gravity
 * and the body record (tets, boundary, edges). No stepper and no pins; tracked node: the
 * last station's node 0. Errors: SL_ERR_NULL, SL_ERR_RANGE (a value out of its range), and
 * those of the mesh, the models and sl_world_create; *out NULL on error. */
sl_status sl_thread_world(const sl_thread_def *def, sl_world **out);

/* ---- the hanging chain and cloth of springs (papers 005 XPBD, 006 Small Steps) -------- */

/* A chain of point masses joined by springs (models/springs.c: phi = (|x_j - x_i| - L)/L,
 * U = k phi^2 / 2, compliance alpha = 1/k), node 0 pinned at the origin. */
typedef struct sl_chain_def {
    int links;              /* springs, 1 to 1000; nodes = links + 1, numbered from the pin */
    double link_length;     /* L, m, > 0 */
    double node_mass;       /* kg, > 0, every node (the pinned one too) */
    double spring_stiffness; /* k, J (phi a strain), > 0: k/L^2 N/m along a link */
    double gravity;         /* m/s^2 along -y, >= 0 */
    double angle;           /* rad from the downward vertical, in the x-y plane, of the
                               straight chain at release (0: hanging, pi/2: horizontal) */
    double mass_damping;    /* c, 1/s, >= 0 (sl_world_def.mass_damping) */
    double last_node_mass;  /* kg, >= 0: the last node's mass, a load hung from the chain
                               (paper 006 §6.1's 1e5 kg particle); 0: node_mass like the others */
} sl_chain_def;

/* The world of the chain, released straight at rest length and at rest; springs from
 * node j to j + 1 in order from the pin, the last node tracked. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (a field outside its range), SL_ERR_NOMEM. On error *out is NULL. Source:
 * paper 005 §6.2 (a falling chain of 20 particles) and paper 006 §6.1 (a hanging chain of
 * 20, with a heavy particle attached); lengths and masses are the caller's. */
sl_status sl_chain_world(const sl_chain_def *def, sl_world **out);

/* A square cloth of (cells + 1)^2 point masses, released flat and at rest in the
 * horizontal plane y = 0 over 0 <= x, z <= size, held (pinned) at the two corners of its
 * edge z = 0, with springs of stiffness k along every grid edge and both diagonals of
 * every cell (stretch and shear): it falls and swings down to hang from the two corners. */
typedef struct sl_cloth_def {
    int cells;              /* cells along a side, 1 to 40 */
    double size;            /* side, m, > 0 */
    double mass;            /* total, kg, > 0, spread evenly over the nodes */
    double spring_stiffness; /* k, J (phi a strain), > 0, every spring */
    double gravity;         /* m/s^2 along -y, >= 0 */
} sl_cloth_def;

/* The world of the cloth; the bottom middle node tracked. Errors as sl_chain_world.
 * Source: paper 005 §6.4 (Fig. 6: a hanging cloth, PBD against XPBD at 20 to 160 iterations)
 * and paper 006 Fig. 1 and §6.2 (Fig. 5-6: hanging cloth, iterations against substeps); the
 * size, mass and stiffness are softlab's. */
sl_status sl_cloth_world(const sl_cloth_def *def, sl_world **out);

/* ---- grid solids (seed 004) ------------------------------------------------------------ */

typedef struct sl_grid_def {
    int count[3];        /* L, M, N particles along x, y, z, each in [2, 200] */
    double spacing[3];   /* h1, h2, h3, m, > 0 */
    double origin[3];    /* position of particle (0,0,0), m */
    int ellipsoid;       /* 1: keep only cells whose centre is inside the inscribed ellipsoid */
    double density;      /* kg/m^3, > 0: particle mass density * h1 h2 h3 */
    double eta_length;   /* eta_11 = eta_22 = eta_33, Pa, > 0 */
    double eta_angle;    /* eta_12 = eta_21 (angles or face diagonals), Pa, >= 0 */
    double eta_volume;   /* eta_v of the space diagonals, Pa, >= 0 */
    double eta_pillar;   /* eta_p of the pillar tensor, Pa, >= 0 */
    int terms;           /* sl_grid_term_flags */
    double gravity;      /* m/s^2 along -y, >= 0 */
} sl_grid_def;

/* A box of 4 x 4 x 4 particles, spacing 0.1 m, 500 kg/m^3, eta_length 1e4 Pa, eta_angle
 * 1e4 Pa, eta_volume 4e4 Pa, eta_pillar 1e4 Pa, improved terms, gravity 9.81. */
sl_grid_def sl_grid_def_default(void);

/* Builds a world of the grid: one model per kind of term (sl_grid_terms_create), lumped
 * masses (a cell's rho V to its 8 corners), and the body record (cells as 6 Kuhn tets
 * each, their boundary, the grid edges). Checks seed 004's condition
 * eta_12 + eta_21 >= eta_11 + eta_22 when area restoration is on. Errors (also in *err
 * when not NULL, with the reason): SL_ERR_NULL, SL_ERR_RANGE, SL_ERR_NOMEM. */
sl_status sl_grid_world(const sl_grid_def *def, sl_world **out, sl_error *err);

/* ---- a ball dropped on the ground (seed 001 Fig. 2) ------------------------------------ */

typedef struct sl_ball_drop_def {
    double radius;        /* m, > 0 */
    int cells;            /* cubes across the diameter (sl_tet_mesh_ball), in [2, 64] */
    double drop_height;   /* m, >= 0: gap between the ball's lowest node and the ground */
    sl_material material; /* Y, nu, rho */
    int onering;          /* 1: deviatoric Green-strain tets and the one-ring volume model
                             with alpha = 0 (for the `incompressible` stepper; nu only sets
                             mu); 0: Green-strain tets with the material's nu */
    double gravity;       /* m/s^2 along -y, >= 0 */
    double ground_friction; /* Coulomb coefficient, >= 0 (also of the plates) */
    double squeeze_time;  /* s, >= 0: 0 drops the ball on the ground; > 0 puts it between two
                             plates (no ground) touching its lowest and highest nodes at
                             t = 0 and moving toward each other at constant speed so that
                             they would meet at squeeze_time (seed 001 Fig. 6) */
    double squeeze_min_gap; /* in [0, 1): the plates stop when their gap is this fraction
                               of the ball's height (at (1 - squeeze_min_gap) squeeze_time) */
    double torus_radius;  /* m, >= 0: 0 a ball; > 0 a torus of this major radius and minor
                             radius `radius`, axis along y, cut from a grid of `cells` cubes
                             across the tube's diameter (cells whose centres lie inside) */
    const sl_tet_mesh *mesh; /* the body instead of the generated ball or torus (a user's
                                mesh; radius, cells and torus_radius then unused), or NULL;
                                borrowed: the world copies what it needs */
} sl_ball_drop_def;

/* Seed 001 Fig. 6 as softlab runs it (onering-squeeze and a loaded mesh's squeeze): plates
 * touching the body at t = 0 that would meet at SL_SQUEEZE_TIME (s) and stop at
 * SL_SQUEEZE_MIN_GAP of its height (why not the seed's 13 %: src/scenes/ball_drop.c;
 * onering-squeeze's parameter squeeze_gap, SL_PARAM_SQUEEZE_GAP, sets another). */
#define SL_SQUEEZE_TIME 1.0
#define SL_SQUEEZE_MIN_GAP 0.25

/* Radius 0.1 m, 10 cells across (about 2900 tets), dropped from 0.1 m, Y = 1e5 Pa, nu
 * 0.45, 1000 kg/m^3, one-ring, gravity 9.81, friction 0.5, no plates (squeeze_time 0,
 * squeeze_min_gap 0.13: the thickness down to which the seed's volume error stays
 * under 0.1 %). */
sl_ball_drop_def sl_ball_drop_def_default(void);

/* The world of a ball dropped on the ground y = 0: the mesh of sl_tet_mesh_ball (or the
 * torus, or def->mesh) at rest, lifted so that its lowest node is drop_height above the ground, the models of
 * def->onering, the lowest node tracked; or, with squeeze_time > 0, the same ball between
 * the two plates of sl_world_add_plate described there (no ground). No stepper. Errors (also in *err when not NULL):
 * SL_ERR_NULL, SL_ERR_RANGE, and those of sl_tet_mesh_world_from. */
sl_status sl_ball_drop_world(const sl_ball_drop_def *def, sl_world **out, sl_error *err);

/* ---- the user-mesh scene ----------------------------------------------------------------- */

/* The scene of a user's mesh (name "mesh"; not in the scene table, since it needs a
 * mesh): default stepper, dt and t_end, and the defaults of the parameters it reads
 * (Young's modulus 1 MPa, Poisson ratio 0.3, 1000 kg/m^3, gravity 9.81 m/s^2). */
extern const sl_scene_class sl_scene_user_mesh;

/* What a loaded mesh does (the scene parameter SL_PARAM_EXPERIMENT, "experiment"). */
typedef enum sl_mesh_experiment {
    SL_MESH_HANG,       /* pinned by its top 3 % (nodes within 3 % of the height from the
                           highest) or by the pin boxes, under gravity */
    SL_MESH_DROP,       /* dropped from half its height onto the ground y = 0 (seed 001
                           Fig. 2: the ball scene's 0.1 m for its 0.2 m), friction 0.5 */
    SL_MESH_SQUEEZE,    /* between two plates touching its lowest and highest nodes at t = 0,
                           moving to meet at SL_SQUEEZE_TIME and stopping at
                           SL_SQUEEZE_MIN_GAP of its height (seed 001 Fig. 6), no ground */
    SL_MESH_CANTILEVER  /* the nodes within 0.1 % of the x extent of its smallest x clamped,
                           under gravity; the node of largest x nearest the centre of that
                           end in y and z tracked (the tip) */
} sl_mesh_experiment;

/* The world of a user's mesh, the same in the CLI and the page: the material, gravity,
 * experiment (sl_mesh_experiment) and volume model of params where set (else
 * sl_scene_user_mesh's defaults: hang, per tet), Green or linear strain. With onering = 1
 * it is seed 001's body: deviatoric Green-strain tets and one-ring volumes (alpha = 0, for
 * the `incompressible` stepper), and strain must be SL_STRAIN_GREEN; the drop and the
 * squeeze are built by sl_ball_drop_world with def.mesh = mesh (Green strain only). The
 * lowest node is tracked (the cantilever: its tip). Pin boxes (double[6*pin_box_count]:
 * x0,y0,z0,x1,y1,z1, m) replace the hang's top 3 % and the cantilever's clamp and add to
 * the drop and the squeeze. No stepper. Errors (also in *err when not NULL, with a
 * message; index = the pin box): SL_ERR_NULL, SL_ERR_RANGE (material, a pin box that holds
 * no node, linear strain with onering = 1 or with a drop or squeeze, a cantilever end of
 * fewer than 3 nodes), and those of sl_tet_mesh_world_from, sl_onering_volume_create and
 * sl_ball_drop_world. */
sl_status sl_user_mesh_world(const sl_tet_mesh *mesh, const sl_scene_params *params,
                             sl_strain strain, const double *pin_boxes, int pin_box_count,
                             sl_world **out, sl_error *err);

#endif
