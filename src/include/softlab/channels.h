/* The measured quantities of a world, declared once (issue 44 item 6): the page's chart,
 * samples and CSV read them through the wasm API (src/wasm/api_sim.c: sl_api_channel_*,
 * sl_api_measure), and the command-line tool's run CSV writes them (src/cli/main.c), so a
 * quantity has one name, one unit, one column and one reading everywhere. */
#ifndef SOFTLAB_CHANNELS_H
#define SOFTLAB_CHANNELS_H

#include "softlab/world.h"

/* The most channels the table may hold (the size of an array sl_world_channels fills). */
#define SL_CHANNEL_MAX 32

/* One measured quantity: its texts (UTF-8) and axis. */
typedef struct sl_channel {
    const char *name;        /* id: the page's plot= and sample key, the course API's channel */
    const char *column;      /* its CSV column: the name with its SI unit, e.g. "total_J" */
    const char *label;       /* the axis label */
    const char *unit;        /* SI unit; "" for a ratio or a count */
    const char *short_label; /* for narrow places; NULL: the label */
    const char *help;        /* what the page's menu tooltip explains; NULL: none */
    int log;                 /* 1: plotted on a log axis */
} sl_channel;

/* The number of channels (at most SL_CHANNEL_MAX). */
int sl_channel_count(void);

/* Channel i (0 .. sl_channel_count() - 1) of the table, or NULL for a bad index. */
const sl_channel *sl_channel_get(int i);

/* 1 if channel i has a value for w's body and stepper at some time (the height needs a
 * tracked node; the volume ratio and inverted cells tets; the thickness two plates; the
 * ghost force and torque a warping stepper), else 0 (also for NULL or a bad index). The
 * command-line CSV writes the columns of the channels that apply. */
int sl_channel_applies(int i, const sl_world *w);

/* Every channel of w's current state in out[0 .. sl_channel_count() - 1], in the table's
 * order, in the SI units each states; NaN where a channel has no value now (e.g. the
 * solver iterations before the first step, the ghost force before a warping step).
 * Costs one energy evaluation, plus the warped force for a warping stepper.
 * Returns sl_channel_count(), or 0 for NULL arguments. */
int sl_world_channels(const sl_world *w, double *out);

/* sl_world_channels with the models' part of the energy already known for w's current
 * positions: elastic (J) and violation (max|phi|) as sl_world_energy_and_violation gives
 * them there (sl_verdict.elastic and .violation after sl_world_judge evaluated this state).
 * The same values bit for bit, without evaluating the models again (a fifth to a half of
 * a measure: the Worker samples every 2 ms of simulated time, web/sim/sim-host.js).
 * Returns sl_channel_count(), or 0 for NULL arguments. */
int sl_world_channels_known(const sl_world *w, double elastic, double violation, double *out);

#endif
