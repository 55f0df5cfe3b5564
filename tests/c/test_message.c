/* Messages keyed by id (issue 45 item 5, softlab/message.h): the core keeps each verdict and
 * divergence as an id of messages/en.json and its parameters, and its English text is their
 * rendering, byte for byte the sentence the core composed with printf before. */
#include <string.h>

#include "softlab/mesh.h"
#include "softlab/message.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "test.h"

static const sl_message_param *param(const sl_message *m, const char *name) {
    for (int i = 0; m && i < m->count; i++)
        if (strcmp(m->param[i].name, name) == 0) return &m->param[i];
    return NULL;
}

static double value(const sl_message *m, const char *name) {
    const sl_message_param *p = param(m, name);
    return p ? p->value : NAN;
}

static sl_world *scene_world(const char *scene, const char *method, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find(scene), NULL, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find(method), dt, 0) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* The swinging cube (seed 000 §3, 8 nodes, springs) under explicit Euler at dt = 0.05 s
 * flies apart in the step after t = 0.2 s (the CLI: "node 0 is 24.8 m from the centre of
 * mass, beyond 20 times the body's size 0.866 m plus 0.312 m ... in 0.25 s"). The reason's
 * parameters are the criterion's numbers (softlab/world.h): t is the step's end, the
 * distance is beyond stretch x size + fall, fall = 1/2 a t^2 with a >= |g| = 9.81 m/s^2, the
 * size is the cube's half-diagonal sqrt(3)/2 m; and the text is what printf made of them. */
TEST(message_divergence_keeps_the_criterion_numbers) {
    sl_world *w = scene_world("swinging-cube", "explicit-euler", 0.05);
    ENSURE(w != NULL);
    if (!w) return;
    sl_verdict v;
    sl_verdict_reset(&v);
    for (int k = 0; k < 100 && sl_world_judge(w, &v) != SL_VERDICT_DIVERGED; k++) sl_world_step(w);
    double at = NAN;
    const char *reason = NULL;
    ENSURE(sl_world_diverged(w, &at, &reason));
    const sl_message_list *l = sl_world_diverged_message(w);
    ENSURE(l && l->count == 1);
    if (!l || l->count != 1) return sl_world_destroy(w);
    const sl_message *m = &l->part[0];
    ENSURE(strcmp(m->id, "diverged.flew_apart_falling") == 0);
    double t = value(m, "t"), fall = value(m, "fall"), size = value(m, "size");
    double stretch = value(m, "stretch"), distance = value(m, "distance");
    printf("  diverged after t = %.3f s: node %g at %.4g m > %g x %.4g m + %.4g m (t = %g s)\n", at,
           value(m, "node"), distance, stretch, size, fall, t);
    ENSURE_NEAR(at, 0.2, 1e-12);
    ENSURE_NEAR(t, at + 0.05, 1e-12);
    ENSURE_NEAR(stretch, 20, 0);
    ENSURE_NEAR(size, sqrt(3) / 2, 1e-9);
    ENSURE(fall >= 0.5 * 9.81 * t * t - 1e-12);
    ENSURE(distance > stretch * size + fall);
    char old[720];
    snprintf(old, sizeof old,
             "the body flew apart, as it does when the time step is too large for the stepper: node %d is %.3g m from "
             "the centre of mass, beyond %g times the body's size %.3g m plus %.3g m, what gravity and loads alone "
             "move a node in %.3g s",
             (int)value(m, "node"), distance, stretch, size, fall, t);
    ENSURE(strcmp(reason, old) == 0);
    /* the verdict wraps the world's reason: its first part's m parameter takes the rest */
    ENSURE(v.message.count == 2 && strcmp(v.message.part[0].id, "verdict.diverged") == 0);
    ENSURE(value(&v.message.part[0], "t") == v.since);
    char verdict[1024];
    snprintf(verdict, sizeof verdict, "diverged at t = %.3f s (%s)", at, reason);
    ENSURE(strcmp(v.reason, verdict) == 0);
    sl_world_reset(w);
    ENSURE(sl_world_diverged_message(w) == NULL);
    sl_world_destroy(w);
}

/* The soft beam (seed 000 §5.3) under symplectic Euler at dt = 0.01 s: the CLI warns
 * "energy growing since t = 0.260 s: +132 J, 0.84 of the run's largest kinetic + elastic
 * energy then". The message's growth and relative are the verdict's own doubles, bit for
 * bit, and the text the one printf made of them. */
TEST(message_growing_verdict_carries_its_numbers) {
    sl_world *w = scene_world("fem-soft-beam", "symplectic-euler", 0.01);
    ENSURE(w != NULL);
    if (!w) return;
    sl_verdict v;
    sl_verdict_reset(&v);
    for (int k = 0; k < 100 && sl_world_judge(w, &v) < SL_VERDICT_GROWING; k++) sl_world_step(w);
    ENSURE(v.state == SL_VERDICT_GROWING && v.message.count == 1);
    const sl_message *m = &v.message.part[0];
    printf("  %s: %s\n", m->id, v.reason);
    ENSURE(value(m, "t") == v.since && value(m, "growth") == v.growth);
    char old[1024];
    if (v.kept) {
        ENSURE(strcmp(m->id, "verdict.growing_kept") == 0);
        snprintf(old, sizeof old,
                 "energy growing since t = %.3f s: it stayed +%.3g J above the start over the last two windows; left "
                 "alone, a body only loses energy",
                 v.since, v.growth);
    } else {
        ENSURE(strcmp(m->id, "verdict.growing") == 0 && value(m, "relative") == v.relative);
        snprintf(old, sizeof old,
                 "energy growing since t = %.3f s: +%.3g J, %.2f of the run's largest kinetic + elastic energy then",
                 v.since, v.growth, v.relative);
    }
    ENSURE(strcmp(v.reason, old) == 0);
    ENSURE_NEAR(v.since, 0.26, 1e-9);
    sl_world_destroy(w);
}

/* The table is strict: an unknown id, a parameter misnamed, missing or one too many is
 * refused and the list left as it was; numbers are formatted by the template's spec. */
TEST(message_add_refuses_names_not_the_templates) {
    sl_message_list l;
    sl_message_list_clear(&l);
    ENSURE(sl_message_add(&l, "no.such.id", NULL) == SL_ERR_INDEX);
    ENSURE(sl_message_add(&l, "diverged.position_not_finite", "nodes", 3.0, NULL) == SL_ERR_RANGE);
    ENSURE(sl_message_add(&l, "diverged.position_not_finite", NULL) == SL_ERR_RANGE);
    ENSURE(sl_message_add(&l, "diverged.position_not_finite", "node", 3.0, "t", 1.0, NULL) == SL_ERR_RANGE);
    ENSURE(l.count == 0);
    ENSURE(sl_message_add(&l, "diverged.position_not_finite", "node", 3.0, NULL) == SL_OK);
    ENSURE(sl_message_add(&l, "diverged.too_stiff", "omega_dt", 10.0004, "stepper", "rk4", "bound", 2 * sqrt(2), NULL) == SL_OK);
    char text[400];
    size_t n = sl_message_list_render(&l, text, sizeof text);
    const char *want = "the numbers overflowed: the position of node 3 is not finite. In the state before, the "
                       "stiffest motion had ω_max·Δt = 10, beyond rk4's stability bound 2.83: squeezed or stretched "
                       "elements stiffen, and this Δt was too large for them";
    ENSURE(strcmp(text, want) == 0 && n == strlen(want));
    char small[10];
    ENSURE(sl_message_list_render(&l, small, sizeof small) == strlen(want) && strcmp(small, "the numbe") == 0);
    ENSURE(sl_message_count() > 10 && sl_message_template(sl_message_id(0)) != NULL);
    /* the half-solved step's reason quotes the status text it was composed with before */
    ENSURE(strstr(sl_message_template("diverged.no_convergence"), sl_status_message(SL_ERR_NO_CONVERGENCE)) != NULL);
    ENSURE(sl_message_id(sl_message_count()) == NULL);
}

/* The core's error texts as ids (issue 45 item 5): a world's refused setting keeps
 * error.world (its status's words by id) and the setting's own id with the numbers given,
 * and renders to sl_world_last_error byte for byte; Δt = 5 s is beyond SL_DT_MAX = 1 s. */
TEST(message_world_error_keeps_ids_and_the_english) {
    sl_world *w = scene_world("swinging-cube", "explicit-euler", 0.01);
    ENSURE(w != NULL);
    ENSURE(sl_world_error_message(w)->count == 0);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("explicit-euler"), 5.0, 0) == SL_ERR_RANGE);
    const sl_message_list *l = sl_world_error_message(w);
    ENSURE(l->count == 2 && strcmp(l->part[0].id, "error.world") == 0 && strcmp(l->part[1].id, "error.dt_range") == 0);
    ENSURE(strcmp(param(&l->part[0], "status")->text, "status.range") == 0);
    ENSURE(value(&l->part[1], "dt") == 5.0 && value(&l->part[1], "max") == 1.0);
    char text[400];
    sl_message_list_render(l, text, sizeof text);
    ENSURE(strcmp(text, "a parameter is out of its valid range: time step Δt = 5 s not in (0, 1]") == 0);
    ENSURE(strcmp(text, sl_world_last_error(w)) == 0);
    /* a reason not given an id yet: its English as error.text, the status still by id */
    ENSURE(sl_world_set_mass_damping(w, -2) == SL_ERR_RANGE && strcmp(sl_world_error_message(w)->part[1].id, "error.mass_damping") == 0);
    sl_world_destroy(w);
}

/* A mesh reader's error keeps mesh.at_line (file, line) and its reason's id; a noun of the
 * reader is an id too (an i parameter), a file's own keyword stays as it is; the status
 * texts come from the table (the same words the X-macro list held). */
TEST(message_mesh_error_keeps_ids_and_the_english) {
    const char *text = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 x 0\n";
    sl_tet_mesh mesh;
    sl_error err;
    ENSURE(sl_mesh_parse("bad.msh", text, strlen(text), &mesh, NULL, &err) == SL_ERR_PARSE);
    ENSURE(strcmp(err.message, "bad.msh:6: coordinate 'x' is not a finite number") == 0);
    ENSURE(err.detail.count == 2 && strcmp(err.detail.part[0].id, "mesh.at_line") == 0);
    ENSURE(value(&err.detail.part[0], "line") == 6 && strcmp(param(&err.detail.part[0], "file")->text, "bad.msh") == 0);
    ENSURE(strcmp(err.detail.part[1].id, "mesh.not_number") == 0);
    ENSURE(strcmp(param(&err.detail.part[1], "what")->text, "mesh.what.coordinate") == 0);
    char out[300];
    sl_message_list_render(&err.detail, out, sizeof out);
    ENSURE(strcmp(out, err.message) == 0);
    const char *medit = "MeshVersionFormatted 1\nDimension 3\nVertices\n";
    ENSURE(sl_mesh_parse("a.mesh", medit, strlen(medit), &mesh, NULL, &err) == SL_ERR_PARSE);
    ENSURE(strcmp(err.message, "a.mesh:3: unexpected end of file, expected a count") == 0);
    sl_message_list l;
    sl_message_list_clear(&l);
    ENSURE(sl_message_add(&l, "mesh.missing", "what", "Tetrahedra", NULL) == SL_OK); /* not an id: as it is */
    sl_message_list_render(&l, out, sizeof out);
    ENSURE(strcmp(out, "missing Tetrahedra") == 0);
    ENSURE(strcmp(sl_status_message(SL_ERR_RANGE), "a parameter is out of its valid range") == 0);
    ENSURE(strcmp(sl_status_id(SL_ERR_PARSE), "status.parse") == 0 && sl_status_id((sl_status)999) == NULL);
    /* a printf-made error keeps its English as one part */
    sl_error_set(&err, SL_ERR_IO, -1, "%s: cannot read", "x.msh");
    ENSURE(err.detail.count == 1 && strcmp(err.detail.part[0].id, "error.text") == 0);
    ENSURE(sl_error_set_message(&err, SL_ERR_RANGE, 2, "mesh.tet_degenerate", "tet", 3.0, NULL) == SL_ERR_RANGE);
    ENSURE(strcmp(err.message, "tetrahedron 3 is degenerate (zero volume)") == 0 && err.index == 2);
}
