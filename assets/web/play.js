"use strict";
// The /play page: one Sudoku board driven over the /api/live WebSocket.
// The server owns the game; this page only draws the views it sends and asks it to act.
(() => {
  const CELL_COUNT = 81;
  const ROW_NAMES = "ABCDEFGHI";
  const SESSION_KEY = "sudoku.session";
  // The language the link asked for, kept with the session: a reload resumes both.
  const ASKED_KEY = "sudoku.lang";
  const RETRY_FIRST_MS = 500;
  // A short outage (a restart) is over in a few seconds: never wait much longer than it.
  const RETRY_MAX_MS = 2000;
  // Inside Discord only Discord's own pages may speak for it: the SDK's list, less its
  // development hosts. On phones the Activity is the top page and Discord answers through
  // its own window, from the page's origin (or an opaque "null" one).
  const DISCORD_ORIGINS = [
    location.origin,
    "null",
    "https://discord.com",
    "https://ptb.discord.com",
    "https://canary.discord.com",
    "https://discordapp.com",
    "https://ptb.discordapp.com",
    "https://canary.discordapp.com",
  ];
  const SDK_PATIENCE_MS = 20000;
  // AUTHORIZE may wait on the player reading Discord's consent screen.
  const CONSENT_PATIENCE_MS = 5 * 60 * 1000;
  const SIGN_IN_PATIENCE_MS = 30000;
  // A tap the bot has not answered in this long says so: a person notices a pause of a
  // few hundred milliseconds, and is left wondering whether the tap counted.
  const WAITING_AFTER_MS = 300;

  // ---------------------------------------------------------------- words

  // The page's words in every language the bot speaks ({"es": {"undo": "Deshacer", …}}),
  // sent with the page: it speaks its reader's language before the server knows who they
  // are. Holes like {cell} are filled in here.
  const WORDS = (() => {
    try {
      const words = JSON.parse(document.getElementById("words").textContent);
      return words && typeof words === "object" ? words : {};
    } catch {
      return {};
    }
  })();

  // The language of a locale ("es-ES", "ca", "en-US"), when the page has its words.
  function langOf(locale) {
    const code = String(locale || "").toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(WORDS, code) ? code : null;
  }

  // The language the page asks for at first: the link's (its reader's Discord's), else
  // the browser's. Inside Discord, Discord's own answer replaces it at sign-in.
  function firstAsked() {
    const match = /(?:^#?|&)lang=([A-Za-z-]{2,16})(?:&|$)/.exec(location.hash);
    if (match) return match[1];
    const kept = (() => { try { return sessionStorage.getItem(ASKED_KEY); } catch { return null; } })();
    if (langOf(kept)) return kept;
    const browser = Array.isArray(navigator.languages) ? navigator.languages : [navigator.language];
    return browser.find((locale) => langOf(locale)) || "en";
  }

  let lang = langOf(firstAsked()) || "en";

  // A word the page lacks (its words block empty or cut) is said as its key, never as
  // nothing: a button is never left blank.
  function say(key, args) {
    const text = (WORDS[lang] || {})[key] ?? (WORDS.en || {})[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (hole, name) => (args && name in args ? String(args[name]) : hole));
  }

  // ---------------------------------------------------------------- pure helpers

  const cellName = (index) => ROW_NAMES[Math.floor(index / 9)] + String((index % 9) + 1);

  function arePeers(a, b) {
    if (a === b) return false;
    const rowA = Math.floor(a / 9), colA = a % 9, rowB = Math.floor(b / 9), colB = b % 9;
    if (rowA === rowB || colA === colB) return true;
    return Math.floor(rowA / 3) === Math.floor(rowB / 3) && Math.floor(colA / 3) === Math.floor(colB / 3);
  }

  // Bit d of a notes mask marks digit d (bit 0 is unused), as the server encodes it.
  function noteDigits(mask) {
    const digits = [];
    for (let d = 1; d <= 9; d++) if (mask & (1 << d)) digits.push(d);
    return digits;
  }

  function cellLabel(index, digit, given, wrong, notesMask) {
    const cell = cellName(index);
    if (given) return say("cell-given", { cell, digit });
    if (digit && wrong) return say("cell-wrong", { cell, digit });
    if (digit) return say("cell-yours", { cell, digit });
    const notes = noteDigits(notesMask);
    return notes.length ? say("cell-notes", { cell, notes: notes.join(" ") }) : say("cell-empty", { cell });
  }

  function formatElapsed(ms) {
    const total = Math.max(0, Math.floor(ms / 1000));
    const hours = Math.floor(total / 3600), minutes = Math.floor(total / 60) % 60, seconds = total % 60;
    const pad2 = (n) => String(n).padStart(2, "0");
    return hours ? `${hours}:${pad2(minutes)}:${pad2(seconds)}` : `${minutes}:${pad2(seconds)}`;
  }

  // Parsed by hand because URLSearchParams would turn a "+" in a base64 token into a space.
  function linkFromHash(hash) {
    const match = /(?:^#?|&)l=([^&]+)/.exec(String(hash));
    if (!match) return null;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }

  const asText = (value) => (typeof value === "string" ? value : "");
  const asCount = (value) => (Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

  // The server is trusted to follow the protocol, but a malformed view must not break the page.
  function normalizeView(raw) {
    const v = raw && typeof raw === "object" ? raw : {};
    const cells = typeof v.cells === "string" && v.cells.length === CELL_COUNT ? v.cells : "";
    const givens = typeof v.givens === "string" && v.givens.length === CELL_COUNT ? v.givens : "0".repeat(CELL_COUNT);
    const notes = Array.isArray(v.notes) && v.notes.length === CELL_COUNT
      ? v.notes.map((n) => (Number.isInteger(n) ? n : 0))
      : new Array(CELL_COUNT).fill(0);
    const wrong = new Set(Array.isArray(v.wrong) ? v.wrong.filter((i) => Number.isInteger(i)) : []);
    const can = v.can && typeof v.can === "object" ? v.can : {};
    let side = null;
    if (v.side && typeof v.side === "object") {
      side = {
        title: asText(v.side.title),
        rows: (Array.isArray(v.side.rows) ? v.side.rows : [])
          .filter((row) => row && typeof row === "object")
          .map((row) => ({ name: asText(row.name), detail: asText(row.detail) })),
      };
    }
    const kind = ["solo", "coop", "race"].includes(v.kind) ? v.kind : "none";
    const said = v.said && typeof v.said === "object" ? v.said : {};
    return {
      kind,
      lang: asText(v.lang),
      said: { progress: asText(said.progress), mistakes: asText(said.mistakes), hints: asText(said.hints) },
      hasBoard: kind !== "none" && cells !== "",
      title: asText(v.title),
      game: asCount(v.game),
      version: asCount(v.version),
      cells, givens, notes, wrong, side,
      status: asText(v.status) || "ended",
      mistakes: asCount(v.mistakes),
      hints: asCount(v.hints),
      remaining: asCount(v.remaining),
      elapsedMs: asCount(v.elapsed_ms),
      // null: the clock never stops (a daily's); else it stops this long after the view
      // unless the player acts, as the bot counts a long pause as time away.
      stopsInMs: Number.isFinite(v.stops_in_ms) ? Math.max(0, v.stops_in_ms) : null,
      can: { undo: can.undo === true, hint: can.hint === true, check: can.check === true, giveUp: can.give_up === true },
    };
  }

  const digitAt = (view, index) => {
    const ch = view.cells[index];
    return ch >= "1" && ch <= "9" ? ch.charCodeAt(0) - 48 : 0;
  };

  // ---------------------------------------------------------------- transport

  // Everything that knows about the socket lives here, so an Activity mode (Discord's SDK
  // handshake first, then the same socket) can replace how `url` and `hello` are obtained
  // without touching the board.
  function createTransport({ url, hello, onMessage, onState }) {
    let socket = null;
    let retryMs = RETRY_FIRST_MS;
    let retryTimer = 0;
    let stopped = false;
    let attempts = 0;

    function connect() {
      clearTimeout(retryTimer);
      if (stopped) return;
      onState(attempts++ === 0 ? "connecting" : "reconnecting");
      let ws;
      try {
        ws = new WebSocket(url);
      } catch {
        scheduleRetry();
        return;
      }
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify(hello()));
      ws.onmessage = (event) => {
        let message;
        try {
          message = JSON.parse(event.data);
        } catch {
          return;
        }
        if (message && typeof message === "object") onMessage(message);
      };
      ws.onerror = () => {}; // a close event always follows; retrying is handled there
      ws.onclose = () => {
        if (socket !== ws) return; // a socket we replaced on purpose
        socket = null;
        if (stopped) return;
        onState("closed");
        scheduleRetry();
      };
    }

    function scheduleRetry() {
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }

    function send(message) {
      if (!socket || socket.readyState !== 1) return false;
      socket.send(JSON.stringify(message));
      return true;
    }

    function closeSocket() {
      clearTimeout(retryTimer);
      if (!socket) return;
      const old = socket;
      socket = null;
      old.close();
    }

    return {
      connect,
      send,
      // Only a welcome proves the server is serving us; a server that accepts and drops
      // the socket at once must still be backed off from.
      served() { retryMs = RETRY_FIRST_MS; },
      stop() { stopped = true; closeSocket(); },
      restart() { stopped = false; attempts = 0; retryMs = RETRY_FIRST_MS; closeSocket(); connect(); },
    };
  }

  function readSession() {
    try { return sessionStorage.getItem(SESSION_KEY); } catch { return null; }
  }
  function storeSession(token) {
    try {
      sessionStorage.setItem(SESSION_KEY, token);
      sessionStorage.setItem(ASKED_KEY, page.asked);
    } catch { /* storage blocked: resume only while the page lives */ }
  }
  function forgetSession() {
    try {
      sessionStorage.removeItem(SESSION_KEY);
      sessionStorage.removeItem(ASKED_KEY);
    } catch { /* nothing stored then */ }
  }

  // ---------------------------------------------------------------- page state

  const page = {
    view: null,
    viewReceivedAt: 0,
    player: "",
    selected: null,
    notesMode: false,
    link: null,
    session: null,
    asked: firstAsked(), // the language the page asks the server for
    messageKey: null, // the key of a message the page said itself, if one shows
    activity: false, // inside Discord: signed in through its SDK, never by a link
    welcomed: false, // on the current socket; actions wait for it
    welcomedOnce: false, // a board was shown: from then on taps may wait for a reconnect
    connection: "connecting",
    nextActionId: 1,
    // Taps sent on this socket and not yet answered, oldest first: several may be on
    // their way at once (the server answers a socket's frames in order).
    sent: [],
    // Taps not sent yet: made while (re)connecting, sent after the welcome.
    queue: [],
    // The cells the last hint named, outlined until the board changes.
    hinted: new Set(),
    waitingTimer: 0,
  };

  // Every tap the bot has yet to answer, in the order they were made.
  const unanswered = () => page.sent.concat(page.queue);

  const body = document.body;
  const byId = (id) => document.getElementById(id);
  const els = {
    title: byId("title"),
    remaining: byId("remaining"),
    mistakes: byId("mistakes"),
    hints: byId("hints"),
    timer: byId("timer"),
    player: byId("player"),
    connection: byId("connection"),
    frame: byId("board-frame"),
    board: byId("board"),
    pad: byId("pad"),
    actions: byId("actions"),
    side: byId("side"),
    sideTitle: byId("side-title"),
    sideRows: byId("side-rows"),
    message: byId("message"),
    newGame: byId("new-game"),
    confirm: byId("confirm"),
  };
  const buttons = {};
  for (const button of document.querySelectorAll("button[data-action]")) buttons[button.dataset.action] = button;

  // Built once; later views only touch what changed (see renderCells).
  const cellEls = [];
  const cellKeys = new Array(CELL_COUNT).fill("");
  (function buildBoard() {
    for (let row = 0; row < 9; row++) {
      const rowEl = document.createElement("div");
      rowEl.className = "row";
      rowEl.setAttribute("role", "row");
      for (let col = 0; col < 9; col++) {
        const index = row * 9 + col;
        const cell = document.createElement("div");
        cell.className = "cell";
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = index === 0 ? 0 : -1;
        cell.dataset.cell = cellName(index);
        cell.dataset.index = String(index);
        cell.setAttribute("aria-label", cellLabel(index, 0, false, false, 0));
        cell.setAttribute("aria-selected", "false");
        const value = document.createElement("span");
        value.className = "value";
        value.setAttribute("aria-hidden", "true");
        const notes = document.createElement("span");
        notes.className = "notes";
        notes.setAttribute("aria-hidden", "true");
        notes.hidden = true;
        const marks = [];
        for (let d = 1; d <= 9; d++) marks.push(notes.appendChild(document.createElement("span")));
        cell.append(value, notes);
        rowEl.append(cell);
        cellEls.push({ cell, value, notes, marks });
      }
      els.board.append(rowEl);
    }
  })();

  // ---------------------------------------------------------------- rendering

  function setConnection(state) {
    page.connection = state;
    // The test hook knows four states; "reconnecting" is "connecting" again after a loss.
    body.dataset.state = state === "reconnecting" ? "connecting" : state;
    const waiting = body.dataset.waiting === "1" ? say("waiting") : "";
    const text = { connecting: say("connecting"), reconnecting: say("reconnecting"), closed: say("reconnecting"), error: say("disconnected"), ready: waiting };
    els.connection.textContent = text[state] ?? "";
    renderControls();
  }

  // The page's fixed words (buttons, labels) in the page's language.
  function applyWords() {
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-word]")) el.textContent = say(el.dataset.word);
    for (const el of document.querySelectorAll("[data-word-label]")) el.setAttribute("aria-label", say(el.dataset.wordLabel));
  }

  // The server says which language a view is in (the player's choice in their settings
  // outranks what the page asked for): the page follows, words and all.
  function setLang(locale) {
    const next = langOf(locale);
    if (!next || next === lang) return;
    lang = next;
    applyWords();
    cellKeys.fill(""); // every cell's label again
    setConnection(page.connection);
    if (page.messageKey) sayMessage(page.messageKey, els.message.classList.contains("warning"));
    if (page.view) {
      if (page.view.hasBoard) renderCells(page.view);
      renderStatus(page.view);
    }
  }

  function showMessage(text, warning) {
    page.messageKey = null;
    els.message.textContent = text;
    els.message.classList.toggle("warning", Boolean(warning && text));
  }

  // A message of the page's own (not the server's): said again if the language changes.
  function sayMessage(key, warning) {
    showMessage(say(key), warning);
    page.messageKey = key;
  }

  function updatePending() {
    body.dataset.pending = String(page.sent.length + page.queue.length);
    watchWaiting();
  }

  // "Waiting for the bot…" once the oldest unanswered tap is WAITING_AFTER_MS old, and
  // gone with the answer.
  function watchWaiting() {
    clearTimeout(page.waitingTimer);
    const oldest = unanswered()[0];
    if (!oldest) {
      setWaiting(false);
      return;
    }
    const due = oldest.madeAt + WAITING_AFTER_MS - performance.now();
    if (due <= 0) setWaiting(true);
    else page.waitingTimer = setTimeout(watchWaiting, due);
  }

  function setWaiting(on) {
    const was = body.dataset.waiting === "1";
    if (was === on) return;
    body.dataset.waiting = on ? "1" : "0";
    setConnection(page.connection);
  }

  // The board as the player sees it: the bot's last view, with the taps it has not
  // answered yet drawn over it (digits, erasures, pencil marks), so a tap shows at once.
  // Only the bot knows whether a digit is right: a pending one is never marked wrong.
  function drawnView() {
    const view = page.view;
    if (!view || !view.hasBoard) return view;
    const taps = unanswered().filter((tap) => tap.kind === view.kind && tap.game === view.game);
    if (!taps.length) return view;
    const cells = view.cells.split("");
    const notes = view.notes.slice();
    const wrong = new Set(view.wrong);
    const pending = new Set();
    for (const tap of taps) {
      const i = tap.cell;
      if (!Number.isInteger(i) || i < 0 || i >= CELL_COUNT || view.givens[i] === "1") continue;
      if (tap.action === "place") {
        cells[i] = String(tap.digit);
        wrong.delete(i);
        pending.add(i);
      } else if (tap.action === "erase") {
        cells[i] = ".";
        wrong.delete(i);
        pending.add(i);
      } else if (tap.action === "note" && cells[i] === ".") {
        notes[i] ^= 1 << tap.digit;
      }
    }
    return { ...view, cells: cells.join(""), notes, wrong, pending };
  }

  // Cells holding the same digit as a cell they see: a rule broken in plain sight (no
  // answer needed to know it), marked on both sides, the given one too.
  function clashes(view) {
    const found = new Set();
    for (let a = 0; a < CELL_COUNT; a++) {
      const d = digitAt(view, a);
      if (!d) continue;
      for (let b = a + 1; b < CELL_COUNT; b++) {
        if (digitAt(view, b) === d && arePeers(a, b)) {
          found.add(a);
          found.add(b);
        }
      }
    }
    return found;
  }

  function renderCells(view) {
    const clash = clashes(view);
    for (let i = 0; i < CELL_COUNT; i++) {
      const digit = digitAt(view, i);
      const given = digit !== 0 && view.givens[i] === "1";
      const wrong = digit !== 0 && !given && view.wrong.has(i);
      const notes = digit ? 0 : view.notes[i];
      const pending = Boolean(view.pending && view.pending.has(i));
      const clashing = clash.has(i);
      const key = `${digit}${given ? "g" : ""}${wrong ? "w" : ""}${pending ? "p" : ""}${clashing ? "c" : ""}:${notes}`;
      if (cellKeys[i] === key) continue;
      cellKeys[i] = key;
      const el = cellEls[i];
      el.value.textContent = digit ? String(digit) : "";
      el.cell.classList.toggle("given", given);
      el.cell.classList.toggle("wrong", wrong);
      el.cell.classList.toggle("pending", pending);
      el.cell.classList.toggle("clash", clashing);
      el.notes.hidden = notes === 0;
      for (let d = 1; d <= 9; d++) el.marks[d - 1].textContent = notes & (1 << d) ? String(d) : "";
      el.cell.setAttribute("aria-label", cellLabel(i, digit, given, wrong, notes));
      if (given) el.cell.setAttribute("aria-readonly", "true");
      else el.cell.removeAttribute("aria-readonly");
    }
  }

  function renderHighlights() {
    const view = drawnView();
    const selected = page.selected;
    const chosenDigit = view && view.hasBoard && selected !== null ? digitAt(view, selected) : 0;
    for (let i = 0; i < CELL_COUNT; i++) {
      const { cell } = cellEls[i];
      const chosen = i === selected;
      cell.classList.toggle("chosen", chosen);
      cell.classList.toggle("peer", selected !== null && arePeers(i, selected));
      cell.classList.toggle("same", !chosen && chosenDigit !== 0 && digitAt(view, i) === chosenDigit);
      cell.classList.toggle("hinted", page.hinted.has(i));
      cell.setAttribute("aria-selected", chosen ? "true" : "false");
      // One tab stop for the whole grid (roving tabindex); arrows move within it.
      cell.tabIndex = (selected === null ? i === 0 : chosen) ? 0 : -1;
    }
  }

  function renderStatus(view) {
    const title = view.title || (view.hasBoard ? "Sudoku" : say("no-game-title"));
    els.title.textContent = title;
    document.title = `${title} · Sudoku`;
    if (view.hasBoard) {
      els.remaining.textContent = view.said.progress;
      els.mistakes.textContent = view.said.mistakes;
      els.hints.textContent = view.said.hints;
    } else {
      els.remaining.textContent = "";
      els.mistakes.textContent = "";
      els.hints.textContent = "";
    }
    els.player.textContent = page.player ? say("playing-as", { name: page.player }) : "";
  }

  function renderSide(side) {
    els.side.hidden = !side;
    if (!side) return;
    els.sideTitle.textContent = side.title;
    els.sideRows.replaceChildren(...side.rows.map((row) => {
      const item = document.createElement("li");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = row.name;
      const detail = document.createElement("span");
      detail.className = "detail";
      detail.textContent = row.detail;
      item.append(name, detail);
      if (page.player && row.name === page.player) {
        item.classList.add("me");
        item.setAttribute("aria-current", "true");
        const you = document.createElement("span");
        you.className = "you";
        you.textContent = ` ${say("you")}`;
        name.append(you);
      }
      return item;
    }));
  }

  function isPlayable() {
    const view = page.view;
    // A reconnect keeps the board playable: taps wait for the welcome, each naming the
    // board it was made on, so the bot refuses them if that board moved on meanwhile.
    return Boolean(view && view.hasBoard && view.status === "active" && page.connection !== "error" && page.welcomedOnce);
  }

  function renderControls() {
    const view = page.view;
    const playable = isPlayable();
    for (let d = 1; d <= 9; d++) buttons[`digit-${d}`].disabled = !playable;
    buttons.erase.disabled = !playable;
    buttons.notes.disabled = !playable;
    buttons["auto-notes"].disabled = !playable;
    buttons.undo.disabled = !playable || !view.can.undo;
    buttons.hint.disabled = !playable || !view.can.hint;
    buttons.check.disabled = !playable || !view.can.check;
    buttons["give-up"].disabled = !playable || !view.can.giveUp;
    els.newGame.hidden = !view || page.connection === "error" || (view.hasBoard && view.status === "active");
    if (!playable && els.confirm.open) closeConfirm();
  }

  // Dims a digit on the pad once all nine are on the board, a cue many players rely on.
  function renderPadCounts() {
    const view = drawnView();
    const counts = new Array(10).fill(0);
    if (view.hasBoard) for (let i = 0; i < CELL_COUNT; i++) counts[digitAt(view, i)]++;
    for (let d = 1; d <= 9; d++) buttons[`digit-${d}`].classList.toggle("complete", counts[d] >= 9);
  }

  let timerHandle = 0;
  function renderTimer() {
    clearTimeout(timerHandle);
    const view = page.view;
    if (!view || !view.hasBoard) {
      els.timer.textContent = "";
      return;
    }
    const since = performance.now() - page.viewReceivedAt;
    const runsFor = view.stopsInMs === null ? Infinity : view.stopsInMs;
    const running = view.status === "active" && since < runsFor;
    const elapsed = view.elapsedMs + (view.status === "active" ? Math.min(since, runsFor) : 0);
    const text = formatElapsed(elapsed);
    if (els.timer.textContent !== text) els.timer.textContent = text;
    // Wake exactly when the shown second changes rather than polling.
    if (running) timerHandle = setTimeout(renderTimer, Math.min(1000 - (elapsed % 1000) + 5, runsFor - since + 5));
  }

  function applyView(raw, fromWelcome) {
    const view = normalizeView(raw);
    const old = page.view;
    // Messages on one socket arrive in order, but a resent action's late answer may carry an
    // older view of the same game than a push already applied.
    if (!fromWelcome && old && old.kind === view.kind && old.game === view.game && view.version < old.version) return;
    page.view = view;
    page.viewReceivedAt = performance.now();
    setLang(view.lang);
    body.dataset.version = String(view.version);
    if (!old || old.cells !== view.cells || old.game !== view.game) page.hinted.clear();
    if (view.status !== "active") {
      // Moves queued behind a finish would only be refused one by one.
      page.queue = page.queue.filter((action) => action.action === "new");
      updatePending();
    }
    showBoard(view.hasBoard);
    els.board.classList.toggle("over", view.status !== "active");
    if (view.hasBoard) renderCells(drawnView());
    renderHighlights();
    renderStatus(view);
    renderSide(view.side);
    renderPadCounts();
    renderControls();
    renderTimer();
    if (!view.hasBoard && !els.message.textContent) sayMessage("no-game", false);
  }

  // ---------------------------------------------------------------- actions

  // Each tap names the board it was made on when it is made: the bot's last view (kind,
  // game, version), or, when taps before it are still unanswered, the board the last of
  // them leaves (`after`: its id; the bot resolves it, answering in order). The bot
  // refuses a tap on a board that has moved on since, so a resend after a reconnect
  // cannot apply twice, a team-mate's move in between is never overwritten, and a tap
  // never lands on another game.
  function enqueue(action) {
    const view = page.view;
    const before = unanswered().at(-1);
    const tap = {
      type: "act",
      id: page.nextActionId++,
      kind: view ? view.kind : "none",
      game: view ? view.game : 0,
      version: view ? view.version : 0,
      ...action,
    };
    if (before) tap.after = before.id;
    // Not part of the frame: when it was made, for the waiting sign.
    Object.defineProperty(tap, "madeAt", { value: performance.now(), enumerable: false });
    page.queue.push(tap);
    flush();
    updatePending();
    redrawBoard();
  }

  // A tap was answered: taps made after it now name the board it left (the bot's new
  // view if it was taken, the board it named if refused) instead of pointing to it, so
  // a resend on a new socket, where the bot has not seen it, names a real board.
  function settleAfter(acted, message) {
    const view = message.view ? normalizeView(message.view) : null;
    for (const tap of unanswered()) {
      if (tap.after !== acted.id) continue;
      delete tap.after;
      if (message.ok === true && view && view.kind === acted.kind && view.game === acted.game) {
        tap.version = view.version;
      } else {
        tap.version = acted.version;
      }
    }
  }

  // Sends every tap waiting, once the socket is welcomed.
  function flush() {
    if (!page.welcomed) return;
    while (page.queue.length) {
      const tap = page.queue[0];
      if (!transport.send(tap)) return;
      page.sent.push(page.queue.shift());
    }
  }

  // The board again after a tap was made or answered: its cells, highlights and counts.
  function redrawBoard() {
    const view = page.view;
    if (!view || !view.hasBoard) return;
    renderCells(drawnView());
    renderHighlights();
    renderPadCounts();
  }

  // The cells a hint's words name ("D2"), outlined on the board; one named alone is chosen.
  function showHinted(text) {
    const named = new Set();
    for (const match of String(text).matchAll(/(?:^|[^A-Za-z0-9])([A-I])([1-9])(?![0-9])/g)) {
      named.add(ROW_NAMES.indexOf(match[1]) * 9 + Number(match[2]) - 1);
    }
    page.hinted = named;
    if (named.size === 1) page.selected = [...named][0];
    renderHighlights();
  }

  function showBoard(shown) {
    els.frame.hidden = !shown;
    els.pad.hidden = !shown;
    els.actions.hidden = !shown;
  }

  function select(index, focus) {
    page.selected = index;
    renderHighlights();
    if (focus) cellEls[index].cell.focus();
  }

  function moveSelection(dRow, dCol) {
    const current = page.selected ?? 0;
    const row = Math.min(8, Math.max(0, Math.floor(current / 9) + (page.selected === null ? 0 : dRow)));
    const col = Math.min(8, Math.max(0, (current % 9) + (page.selected === null ? 0 : dCol)));
    // Keep focus where it is unless it is already on the board, so arrows from the pad
    // do not yank the keyboard user away from it.
    const focusInBoard = els.board.contains(document.activeElement) || document.activeElement === body;
    select(row * 9 + col, focusInBoard);
  }

  function needSelection() {
    if (page.selected !== null) return true;
    sayMessage("choose-cell", true);
    return false;
  }

  function setNotesMode(on) {
    page.notesMode = on;
    buttons.notes.setAttribute("aria-pressed", on ? "true" : "false");
    els.pad.classList.toggle("notes-mode", on);
  }

  function openConfirm() {
    const dialog = els.confirm;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    buttons["confirm-no"].focus();
  }

  function closeConfirm() {
    const dialog = els.confirm;
    if (typeof dialog.close === "function") dialog.close();
    else dialog.removeAttribute("open");
  }

  // Keyboard shortcuts go through here too, so a disabled button also disables its key.
  function runAction(name) {
    const button = buttons[name];
    if (!button || button.disabled) return;
    if (name.startsWith("digit-")) {
      if (!needSelection()) return;
      enqueue({ action: page.notesMode ? "note" : "place", cell: page.selected, digit: Number(name.slice(6)) });
      return;
    }
    switch (name) {
      case "erase":
        if (needSelection()) enqueue({ action: "erase", cell: page.selected });
        break;
      case "notes":
        setNotesMode(!page.notesMode);
        break;
      case "undo":
      case "hint":
      case "check":
      case "new":
        enqueue({ action: name });
        break;
      case "auto-notes":
        enqueue({ action: "auto_notes" });
        break;
      case "give-up":
        openConfirm();
        break;
      case "confirm-yes":
        closeConfirm();
        if (isPlayable()) enqueue({ action: "give_up" });
        break;
      case "confirm-no":
        closeConfirm();
        break;
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) {
      runAction(button.dataset.action);
      return;
    }
    const cell = event.target.closest("[data-cell]");
    if (cell && page.view && page.view.hasBoard) select(Number(cell.dataset.index), true);
  });

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    // A held key repeats: only the arrows may (a held H would dig the hint down to the
    // answer, a held digit queue dozens of taps).
    if (event.repeat && !ARROWS[event.key]) return;
    if (els.confirm.open) return; // the dialog handles its own keys (Escape closes it)
    const key = event.key;
    let handled = true;
    if (ARROWS[key]) {
      if (page.view && page.view.hasBoard) moveSelection(...ARROWS[key]);
    } else if (key >= "1" && key <= "9" && key.length === 1) {
      runAction(`digit-${key}`);
    } else if (key === "Backspace" || key === "Delete" || key === "0") {
      runAction("erase");
    } else if (key === "n" || key === "N") {
      runAction("notes");
    } else if (key === "u" || key === "U") {
      runAction("undo");
    } else if (key === "h" || key === "H") {
      runAction("hint");
    } else {
      handled = false;
    }
    if (handled) event.preventDefault();
  });

  // ---------------------------------------------------------------- protocol

  function onServerMessage(message) {
    switch (message.type) {
      case "welcome":
        page.welcomedOnce = true;
        if (typeof message.session === "string" && message.session) {
          page.session = message.session;
          page.link = null; // the session resumes from now on
          // An Activity signs in afresh at every launch, for the instance it is in.
          if (!page.activity) storeSession(message.session);
        }
        page.player = asText(message.player);
        page.welcomed = true;
        transport.served();
        setConnection("ready");
        // Taps the old socket never answered go again, first, in order: each names the
        // board it was made on, so one the bot already took is refused, not played twice.
        page.queue = page.sent.concat(page.queue);
        page.sent = [];
        applyView(message.view, true);
        flush();
        updatePending();
        break;
      case "done": {
        // Answers come in the order the taps were sent: this one and any before it.
        const at = page.sent.findIndex((tap) => tap.id === message.id);
        const acted = at >= 0 ? page.sent[at] : null;
        if (at >= 0) page.sent.splice(0, at + 1);
        if (acted) settleAfter(acted, message);
        updatePending();
        if (message.view) applyView(message.view, false);
        else redrawBoard();
        showMessage(asText(message.message), message.ok === false);
        if (acted && acted.action === "hint" && message.ok === true) showHinted(message.message);
        break;
      }
      case "view": {
        const before = page.view;
        applyView(message.view, false);
        const after = page.view;
        // Someone else's move ended the game (a team-mate's last digit, a rival's win):
        // say so, rather than leave the last thing this page heard on screen.
        const ended = before && after && before.kind === after.kind && before.game === after.game
          && before.status === "active" && after.status !== "active";
        const said = [asText(message.message), ended ? after.said.progress : ""].filter(Boolean).join("\n");
        if (said) showMessage(said, false);
        break;
      }
      case "error":
        if (message.fatal === true) failForGood(asText(message.message));
        else showMessage(asText(message.message), true);
        break;
    }
  }

  function failForGood(text) {
    transport.stop();
    page.welcomed = false;
    page.session = null;
    forgetSession(); // whatever failed, only a fresh link gets this page going again
    page.queue = [];
    page.sent = [];
    updatePending();
    setConnection("error");
    // What the page showed is no longer this player's board to trust: only the reason.
    showBoard(false);
    page.view = null;
    renderControls();
    renderTimer();
    for (const el of [els.remaining, els.mistakes, els.hints]) el.textContent = "";
    const advice = page.activity ? `\n${say("reopen")}` : text.includes("/sudoku web") ? "" : `\n${say("new-link")}`;
    showMessage((text || say("cannot-open")) + advice, true);
  }

  function hello() {
    const locale = page.asked;
    return page.session ? { type: "hello", session: page.session, locale } : { type: "hello", link: page.link, locale };
  }

  const transport = createTransport({
    url: (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/live",
    hello,
    onMessage: onServerMessage,
    onState(state) {
      if (state !== "ready") page.welcomed = false;
      setConnection(state);
    },
  });

  // Takes a link token out of the address bar: it must not linger in history or be shared
  // by copying the URL.
  function takeLinkFromAddress() {
    const link = linkFromHash(location.hash);
    if (link) history.replaceState(history.state, "", location.pathname + location.search);
    return link;
  }

  function stopWithoutLink() {
    setConnection("error");
    sayMessage("no-link", true);
    showBoard(false);
  }

  // ---------------------------------------------------------------- Discord Activity

  // Inside Discord the page is an Activity: a frame whose parent is the Discord client.
  // It speaks the Embedded App SDK's protocol (arrays of [opcode, payload] posted between
  // the frames) to learn who is playing: a handshake, Discord's READY, AUTHORIZE for an
  // OAuth2 code, which the server exchanges (/api/token) for a session and the player's
  // access token, and AUTHENTICATE with that token. Then the board plays over the socket
  // as anywhere else. Written here rather than taken from npm: these few messages are
  // all the page needs, and the page stays one small file with no build step.
  const SDK = { HANDSHAKE: 0, FRAME: 1, CLOSE: 2 };

  function createDiscordClient(clientId, frameId) {
    const discord = window.parent.opener || window.parent; // a popped-out Activity
    let origin = null; // Discord's, pinned at READY: nothing secret goes out before it
    let target = "*"; // where commands go: that origin (an opaque one cannot be named)
    let nonces = 0;
    const pending = new Map();
    let onReady = null;
    const ready = new Promise((resolve) => { onReady = resolve; });
    let onClosed = () => {};

    window.addEventListener("message", (event) => {
      if (!DISCORD_ORIGINS.includes(event.origin)) return;
      if (event.source !== discord && event.source !== window) return;
      if (!Array.isArray(event.data) || event.data.length < 2) return;
      const [opcode, payload] = event.data;
      if (!payload || typeof payload !== "object") return;
      if (opcode === SDK.CLOSE) {
        onClosed(asText(payload.message));
        return;
      }
      if (opcode !== SDK.FRAME) return;
      if (payload.cmd === "DISPATCH") {
        if (payload.evt === "READY" && origin === null) {
          origin = event.origin;
          target = event.origin === "null" ? "*" : event.origin;
          onReady();
        }
        return;
      }
      if (event.origin !== origin) return;
      const waiter = pending.get(payload.nonce);
      if (!waiter) return;
      pending.delete(payload.nonce);
      clearTimeout(waiter.timer);
      if (payload.evt === "ERROR") waiter.reject(new Error(asText(payload.data && payload.data.message) || say("discord-refused")));
      else waiter.resolve(payload.data && typeof payload.data === "object" ? payload.data : {});
    });

    // The handshake names only the app and the frame; until Discord answers, its
    // origin is not known for sure, so it may go to whichever page holds this frame.
    const referrer = (() => { try { return new URL(document.referrer).origin; } catch { return "*"; } })();
    discord.postMessage([SDK.HANDSHAKE, { v: 1, encoding: "json", client_id: clientId, frame_id: frameId }], DISCORD_ORIGINS.includes(referrer) ? referrer : "*");

    function within(promise, what, patience = SDK_PATIENCE_MS) {
      let timer = 0;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(say("discord-silent", { step: what }))), patience);
      });
      return Promise.race([promise, late]).finally(() => clearTimeout(timer));
    }

    return {
      ready: within(ready, "handshake"),
      command(cmd, args) {
        const nonce = `sudoku-${Date.now()}-${++nonces}`;
        const answer = new Promise((resolve, reject) => {
          pending.set(nonce, { resolve, reject, timer: 0 });
        });
        discord.postMessage([SDK.FRAME, { cmd, args, nonce }], target);
        const patience = cmd === "AUTHORIZE" ? CONSENT_PATIENCE_MS : SDK_PATIENCE_MS;
        return within(answer, cmd.toLowerCase(), patience).finally(() => pending.delete(nonce));
      },
      onClose(callback) { onClosed = callback; },
    };
  }

  async function startActivity(params) {
    page.activity = true;
    const meta = document.querySelector('meta[name="discord-client-id"]');
    const clientId = meta ? meta.content : "";
    const instanceId = params.get("instance_id") || "";
    if (!clientId) {
      failForGood(say("activity-off"));
      return;
    }
    setConnection("connecting");
    sayMessage("signing-in", false);
    let closed = false; // Discord closed the Activity: whatever is in flight stops
    const stillOpen = () => {
      if (closed) throw new Error("");
    };
    try {
      const discord = createDiscordClient(clientId, params.get("frame_id"));
      discord.onClose((why) => {
        closed = true;
        failForGood(why || say("discord-closed"));
      });
      await discord.ready;
      stillOpen();
      const { code } = await discord.command("AUTHORIZE", {
        client_id: clientId,
        response_type: "code",
        state: "",
        prompt: "none",
        scope: ["identify"],
      });
      stillOpen();
      const abort = new AbortController();
      const abortTimer = setTimeout(() => abort.abort(), SIGN_IN_PATIENCE_MS);
      const response = await fetch("/api/token", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: asText(code), instance_id: instanceId, locale: page.asked }),
        signal: abort.signal,
      }).finally(() => clearTimeout(abortTimer));
      const answer = await response.json().catch(() => ({}));
      stillOpen();
      if (!response.ok || !answer.session) throw new Error(asText(answer.error) || say("sign-in-failed"));
      // Discord says which language the player's Discord is in: the page speaks it
      // (one the bot does not speak leaves the browser's).
      if (langOf(asText(answer.locale))) {
        page.asked = answer.locale;
        setLang(answer.locale);
      }
      await discord.command("AUTHENTICATE", { access_token: asText(answer.access_token) });
      stillOpen();
      // Kept in memory only: every launch signs in afresh, for the instance it is in.
      page.session = answer.session;
      showMessage("", false);
      updatePending();
      transport.connect();
    } catch (error) {
      if (closed) return; // already said why
      const aborted = error && error.name === "AbortError";
      failForGood(aborted ? say("sign-in-slow") : asText(error && error.message) || say("sign-in-failed"));
    }
  }

  // A fresh link is the player's latest intent (maybe another channel's game), so it wins
  // over a session left in this tab; reloads have no link and resume the session.
  function start() {
    const link = takeLinkFromAddress();
    const params = new URLSearchParams(location.search);
    if (params.has("frame_id")) {
      startActivity(params);
      return;
    }
    if (link) {
      forgetSession();
      page.link = link;
      page.session = null;
    } else {
      page.session = readSession();
      if (!page.session) {
        stopWithoutLink();
        return;
      }
    }
    updatePending();
    transport.connect();
  }

  // Opening another link in the same tab only changes the fragment, which does not reload.
  window.addEventListener("hashchange", () => {
    const asked = firstAsked();
    const link = takeLinkFromAddress();
    if (!link) return;
    page.asked = asked;
    setLang(asked);
    forgetSession();
    page.link = link;
    page.session = null;
    page.queue = [];
    page.sent = [];
    updatePending();
    showMessage("", false);
    transport.restart();
  });

  applyWords();
  setConnection("connecting");
  renderHighlights();
  start();
})();
