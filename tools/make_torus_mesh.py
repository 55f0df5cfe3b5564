#!/usr/bin/env python3
"""Writes the surface of a torus (major radius 0.3 m, minor 0.1 m) as an OFF file, the
input from which data/meshes/torus.1.node and torus.1.ele were made with Debian's TetGen
1.5.0 (`make check-tools` remakes them so and compares them byte for byte):
    python3 tools/make_torus_mesh.py > torus.off
    tetgen -pq1.5a0.0002 -Q torus.off     # writes torus.1.node, torus.1.ele (and more)
"""
import math

R, r, nu, nv = 0.3, 0.1, 32, 12
print("OFF")
print(nu * nv, 2 * nu * nv, 0)
for i in range(nu):
    u = 2 * math.pi * i / nu
    for j in range(nv):
        v = 2 * math.pi * j / nv
        x = (R + r * math.cos(v)) * math.cos(u)
        z = (R + r * math.cos(v)) * math.sin(u)
        y = r * math.sin(v) + 0.15
        print(f"{x:.6f} {y:.6f} {z:.6f}")
for i in range(nu):
    for j in range(nv):
        a, b = i * nv + j, ((i + 1) % nu) * nv + j
        c, d = ((i + 1) % nu) * nv + (j + 1) % nv, i * nv + (j + 1) % nv
        print(3, a, b, c)
        print(3, a, c, d)
