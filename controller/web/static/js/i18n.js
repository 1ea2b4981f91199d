// The page's words in the reader's language. English is the source: a msgid is the English sentence, with
// named placeholders ("Kick-off: {team}"), so a language without a catalogue (or a msgid without a translation)
// still reads as English. The catalogues are the gettext catalogues' JSON export (controller/web/static/i18n/
// <lang>.json: the page's own `page` domain and the Python side's `soccerboard` domain, whose templates the
// daemon's refusals carry as `say`); the HTML replay holds them inline (#i18n-catalogues), as it holds
// everything, since a file opened from disk can fetch nothing.
//
// The language: the one chosen with the page's switch (kept in localStorage), else the first of the browser's
// languages the page has, else English. This module waits for its catalogue before it is done loading (a
// top-level await), so every module that imports it paints in the right language from its first paint; a switch
// translates the marked markup (`data-t`) at once and tells the listeners (`onLanguage`) to paint again.

export const LANGUAGES = ["en", "it"];
export const SOURCE = "en";
const STORE_KEY = "soccerboard.lang";
const NAMES = { en: "EN", it: "IT" };
const TITLES = { en: "English", it: "Italiano" };

const catalogues = new Map(); // lang -> {page: {msgid: msgstr}, soccerboard: {...}}
const listeners = new Set();
let lang = SOURCE;

// The language to show: a stored choice the page has, else the first of the browser's it has, else English.
export function chooseLanguage(stored, preferred = []) {
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of preferred ?? []) {
    const base = String(tag ?? "").toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return SOURCE;
}

export function language() {
  return lang;
}

// {name} placeholders filled from args (Python's str.format style, as the catalogues of both domains write
// them: a format spec such as {n:+d} only signs a number; {{ and }} are braces); a placeholder without its
// argument is left as it is.
export function format(text, args) {
  return String(text).replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?:[:!]([^}]*))?\}/g, (whole, k, spec) => {
    if (!k) return whole[0];
    if (!args || !Object.hasOwn(args, k)) return whole;
    const v = args[k];
    if (typeof v === "number" && spec?.startsWith("+") && v >= 0) return `+${v}`;
    return String(v ?? "");
  });
}

function lookup(domain, msgid) {
  const entry = catalogues.get(lang)?.[domain]?.[msgid];
  return entry === undefined || entry === "" ? null : entry;
}

// The page's sentence `msgid` in the current language, its placeholders filled from `args`.
export function t(msgid, args) {
  const found = lookup("page", msgid);
  return format(typeof found === "string" ? found : msgid, args);
}

// A sentence the daemon said ({msg, args}, an argument itself such a sentence, or a list of values and sentences
// said item by item and joined by ", "), in the current language with the Python side's catalogue; anything else
// is returned as text.
export function said(doc) {
  if (doc === null || doc === undefined) return "";
  if (typeof doc !== "object" || typeof doc.msg !== "string") return String(doc);
  const args = {};
  for (const [k, v] of Object.entries(doc.args ?? {})) args[k] = Array.isArray(v) ? v.map(sayArg).join(", ") : sayArg(v);
  const found = lookup("soccerboard", doc.msg) ?? lookup("page", doc.msg);
  return format(typeof found === "string" ? found : doc.msg, args);
}

function sayArg(v) {
  return v !== null && typeof v === "object" && typeof v.msg === "string" ? said(v) : v;
}

// The catalogue JSON: one flat msgid -> msgstr object of both domains (controller/i18n/catalogues.py export), or
// {"page": {...}, "soccerboard": {...}}.
export function readCatalogue(doc) {
  if (!doc || typeof doc !== "object") return { page: {}, soccerboard: {} };
  const part = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : null);
  const page = part(doc.page);
  const soccerboard = part(doc.soccerboard);
  if (page || soccerboard) return { page: page ?? {}, soccerboard: soccerboard ?? {} };
  return { page: doc, soccerboard: doc };
}

function inlineCatalogues() {
  const el = typeof document === "undefined" ? null : document.getElementById("i18n-catalogues");
  if (!el) return null;
  try {
    return JSON.parse(el.textContent || "{}") ?? {};
  } catch {
    return {};
  }
}

async function load(l) {
  if (l === SOURCE || catalogues.has(l)) return;
  const inline = inlineCatalogues();
  let doc = null;
  if (inline) {
    doc = inline[l] ?? null;
  } else {
    try {
      const r = await fetch(new URL(`../i18n/${l}.json`, import.meta.url), { cache: "no-cache" });
      doc = r.ok ? await r.json() : null;
    } catch {
      doc = null; // no catalogue: the page speaks English
    }
  }
  catalogues.set(l, readCatalogue(doc));
}

// Marked markup: data-t="msgid" is the element's text; data-t-title, data-t-aria-label, data-t-placeholder its
// attributes; data-t-said='{"msg", "args"}' a sentence the Python side wrote (the HTML replay's analysis), its
// text. The English in the markup is only what shows before this runs.
const ATTRS = [["tTitle", "title"], ["tAriaLabel", "aria-label"], ["tPlaceholder", "placeholder"]];
const MARKED = "[data-t], [data-t-title], [data-t-aria-label], [data-t-placeholder], [data-t-said]";

function saidAttribute(value) {
  try {
    return said(JSON.parse(value));
  } catch {
    return null;
  }
}

export function translateDom(root = document) {
  if (!root?.querySelectorAll) return;
  const nodes = [...(root.matches?.(MARKED) ? [root] : []), ...root.querySelectorAll(MARKED)];
  for (const el of nodes) {
    if (el.dataset.t) {
      const text = t(el.dataset.t);
      if (el.textContent !== text) el.textContent = text;
    } else if (el.dataset.tSaid) {
      const text = saidAttribute(el.dataset.tSaid);
      if (text !== null && el.textContent !== text) el.textContent = text;
    }
    for (const [key, attr] of ATTRS) {
      if (el.dataset[key] && el.getAttribute(attr) !== t(el.dataset[key])) el.setAttribute(attr, t(el.dataset[key]));
    }
  }
}

// Called with the new language after every switch (the views paint again).
export function onLanguage(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function remember(l) {
  try {
    localStorage.setItem(STORE_KEY, l);
  } catch {
    // a page opened from disk or a private window may have no storage: the switch still holds for this visit
  }
}

function stored() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
}

function apply(l) {
  lang = l;
  if (typeof document === "undefined") return;
  document.documentElement.lang = l;
  translateDom(document);
  paintSwitches();
}

export async function setLanguage(l, { keep = true } = {}) {
  const next = LANGUAGES.includes(l) ? l : SOURCE;
  if (keep) remember(next);
  await load(next);
  if (next === lang) return paintSwitches();
  apply(next);
  for (const fn of [...listeners]) {
    try {
      fn(next);
    } catch (err) {
      console.error("repainting in another language failed", err);
    }
  }
}

// The switch (EN | IT): every element with data-lang-switch gets one button a language (a module that puts one
// in after this module ran calls this).
export function paintSwitches() {
  if (typeof document === "undefined") return;
  for (const box of document.querySelectorAll("[data-lang-switch]")) {
    if (!box.querySelector("button[data-lang]")) {
      box.setAttribute("role", "group");
      box.replaceChildren(...LANGUAGES.map((l) => {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.lang = l;
        b.lang = l;
        b.title = TITLES[l];
        b.textContent = NAMES[l];
        b.addEventListener("click", () => setLanguage(l));
        return b;
      }));
    }
    box.setAttribute("aria-label", t("Language"));
    for (const b of box.querySelectorAll("button[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
  }
}

const nav = typeof navigator === "undefined" ? {} : navigator;
const first = chooseLanguage(stored(), nav.languages?.length ? nav.languages : [nav.language]);
await load(first);
lang = first;
if (typeof document !== "undefined") apply(lang);
