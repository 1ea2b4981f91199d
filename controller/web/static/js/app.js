// The page's start: read config.json and the query, pick the view (one board live, the league index,
// the projector), connect to the broker and hand messages to the view. One page serves them all so a
// spectator's bookmark keeps working whatever the board is doing.

import { setupComputer } from "sb/computer.js";
import { BoardFeed, connect } from "sb/feed.js";
import { onLanguage, t } from "sb/i18n.js";
import { League } from "sb/league.js";
import { MatchView } from "sb/live.js";
import { setupSim } from "sb/sim.js";

const $ = (id) => document.getElementById(id);

// config.json is written by the daemon's web server; without it (a 404, or opened elsewhere) the defaults hold.
// index.html asks for it before the modules load (window.sbConfig); a page without that script asks now.
async function loadConfig() {
  try {
    const doc = await (window.sbConfig ?? fetch("config.json", { cache: "no-store" }).then((r) => (r.ok ? r.json() : {})));
    return doc && typeof doc === "object" ? doc : {};
  } catch {
    return {};
  }
}

export function settings(config, search = location.search, where = location) {
  const q = new URLSearchParams(search);
  const view = q.get("view") ?? "";
  const board = view === "league" ? null : q.get("board") || config.board || null;
  const secure = where.protocol === "https:";
  const path = config.ws_path ?? "/";
  // The broker is the one config.json names, never one from the address: a link must not be able to show a
  // made-up match on the board's own page (and the page's Content-Security-Policy allows no other).
  const url = config.ws_url ||
    `${secure ? "wss" : "ws"}://${where.hostname || "localhost"}:${config.ws_port ?? 9001}${path.startsWith("/") ? path : `/${path}`}`;
  return {
    url,
    prefix: config.prefix || "soccerboard",
    board,
    projector: view === "projector",
    sim: config.sim === true && q.get("sim") === "1" && view !== "projector",
  };
}

// The banner shows the most pressing problem: no broker hides everything else, then an offline
// board, then payloads that could not be used.
const problems = new Map();
const ORDER = ["unreachable", "offline", "invalid"];

function problem(kind, text) {
  if ((problems.get(kind) ?? null) === (text ?? null)) return; // called for every message: no change, no work
  if (text) problems.set(kind, text);
  else problems.delete(kind);
  const banner = $("banner");
  const top = ORDER.find((k) => problems.has(k));
  banner.hidden = !top;
  if (top) {
    banner.dataset.kind = top;
    banner.textContent = problems.get(top);
  } else {
    delete banner.dataset.kind;
    banner.textContent = "";
  }
}

// Portrait phones and laptops draw the board upright; the projector and short wide screens draw it
// across, where it fits larger.
function orientationFor(cfg) {
  if (cfg.projector) return "landscape";
  return matchMedia("(orientation: landscape) and (max-height: 520px)").matches ? "landscape" : "portrait";
}

async function main() {
  const cfg = settings(await loadConfig());
  document.body.classList.toggle("projector", cfg.projector);
  problem("unreachable", t("Connecting to the broker at {url} ...", { url: cfg.url }));
  let target = null;
  const conn = connect(cfg.url, {
    onConnection(up, why) {
      document.body.dataset.connected = up ? "true" : "false";
      if (up) target?.feed?.reset?.();
      problem("unreachable", up ? null : why ? t("The broker at {url} cannot be reached ({why}); retrying ...", { url: cfg.url, why })
        : t("The broker at {url} cannot be reached; retrying ...", { url: cfg.url }));
    },
    onMessage(topic, payload, packet) {
      try {
        target?.handle(topic, payload, packet);
      } catch (err) {
        problem("invalid", t("Could not show a {topic} message: {why}", { topic, why: err?.message ?? err }));
      }
    },
  });
  if (!cfg.board) {
    const title = () => { document.title = t("Soccerboard: all boards"); };
    title();
    onLanguage(title);
    target = new League(conn, cfg.prefix, { onProblem: problem });
    return;
  }
  const base = `${cfg.prefix}/${cfg.board}`;
  $("live-view").hidden = false;
  $("board-name").textContent = cfg.board;
  document.title = `Soccerboard: ${cfg.board}`; // the board's name alone: nothing to translate
  const league = new URLSearchParams(location.search);
  league.delete("board");
  league.set("view", "league");
  $("league-link").href = `?${league.toString()}`;
  let sim = null;
  const view = new MatchView({ orientation: orientationFor(cfg), onPick: (p) => sim?.pick(p) });
  if (cfg.sim) sim = setupSim({ publish: (line) => conn.publish(`${base}/sim/input`, line, 1), view });
  const feed = new BoardFeed(conn, base, {
    onState: (doc) => {
      view.showState(doc);
      sim?.onState(doc);
    },
    onLeds: (doc) => view.showLeds(doc),
    onClock: (doc, opts) => view.clocks.set(doc, opts),
    onStamp: (ts) => view.clocks.sample(ts),
    onEvent: (ev) => {
      view.addEvent(ev);
      sim?.onEvent(ev);
    },
    onStatus: (s) => {
      document.body.dataset.status = s;
      view.clocks.setFrozen(s === "offline");
    },
    onResponse: (doc) => sim?.onResponse(doc),
    onProblem: problem,
    onPending: () => view.schedule(),
  });
  view.beforePaint = () => feed.settle();
  const computer = cfg.projector ? null : setupComputer({ conn, base, sim: cfg.sim });
  target = { feed, handle: (t, p, k) => computer?.handle(t, p) || feed.handle(t, p, k) };
  if (!cfg.projector) {
    const mq = matchMedia("(orientation: landscape) and (max-height: 520px)");
    mq.addEventListener("change", () => view.board.setOrientation(orientationFor(cfg)));
  }
}

main().catch((err) => problem("unreachable", t("The page could not start: {why}", { why: err?.message ?? err })));
