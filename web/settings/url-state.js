// The address bar always reproduces what is shown (scene, panels, steppers, Δt, β, iterations,
// parameters, camera, paused, plot, view), so a view can be shared or embedded.

import { makeQuery } from './params.js';

const URL_DELAY_MS = 300; // a camera drag makes many changes: write the last one

export class UrlState {
  /** @param get {camera(), playing(), plot(), view(), embed(), origins(): the course API's
   *  allow-list as the URL gave it, or null}: the current state of each part */
  constructor(scene, panels, get) {
    this.scene = scene;
    this.panels = panels;
    this.get = get;
    this.timer = 0;
    // the language the URL asked for (web/ui/messages.js reads it), kept in every URL written
    this.lang = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  }

  /** Names of the scene parameters set away from the default in some panel. */
  overridden() {
    return [...new Set(this.panels.flatMap((p) => Object.keys(p.params)))];
  }

  state() {
    return {
      scene: this.scene.name,
      defaultBeta: this.scene.defaultBeta || 0,
      // a parameter set in any panel is written for every panel (its value or the default)
      panels: this.panels.map((p) => ({
        method: p.method, dt: p.dt, beta: p.beta, iterations: p.iterations, xpbdDamping: p.xpbdDamping,
        params: Object.fromEntries(this.overridden().map((name) => [name, p.param(name)])),
      })),
      camera: this.get.camera(),
      paused: !this.get.playing(),
      embed: this.get.embed(),
      origins: this.get.origins(),
      hide: this.get.hide ? this.get.hide() : null, // the controls a course hid or locked (web/course/control-locks.js)
      lock: this.get.lock ? this.get.lock() : null,
      playback: this.get.playback(),
      plot: this.get.plot(),
      view: this.get.view(),
      lang: this.lang,
    };
  }

  /** Writes the state into the address bar, now or (later) after a short quiet time. */
  update(later = false) {
    clearTimeout(this.timer);
    const write = () => history.replaceState(null, '', makeQuery(this.state()));
    if (later) this.timer = setTimeout(write, URL_DELAY_MS);
    else write();
  }

  /** The link of the current view; options {embed: compact or not} (default: as now). */
  shareUrl(options = {}) {
    return location.origin + location.pathname + makeQuery({ ...this.state(), ...options });
  }
}
