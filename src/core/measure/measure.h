/* Internal to the measures: what they read of a world beyond its public getters. */
#ifndef SL_MEASURE_H
#define SL_MEASURE_H

#include "softlab/world.h"

/* Sum of the rest volumes (m^3) of the body's tets; 0 without tets. */
double sl_body_rest_volume(const sl_world *w);

/* sl_world_volume_ratio and sl_world_inverted_cells in one pass over the tets (each tet's
 * volume computed once; both values bit for bit as those give them), for the measures
 * that read both. ratio, inverted: out, not NULL. */
void sl_world_volume_and_inverted(const sl_world *w, double *ratio, int *inverted);

#endif
