/* Tap-first calculators (rulings helper): a table diagram, action words and a keypad
 * that write the same typed lines as the form below, so the form stays the one input.
 * Betting: tap a seat, tap what it did, type the amount, OK -> "3 raise 600" (or "3 加注 600").
 * Pots: tap a seat, then chips in (amount), folded, next best hand or ties the last.
 * Wager: the round so far as in betting ("3 raise 600"), then a seat tapped "In dispute",
 * its chips (the chip tray) or its words, and the stack or big blind by name.
 * Re-initialised after every htmx swap (the panel comes back with the answer); what was
 * tapped while an answer was on its way survives the swap: the tap state is kept per
 * calculator, and lines written after the request left are put back and sent again. */
(function () {
  "use strict";

  // Tap state per calculator (seat, action, digits), kept across the swaps.
  var memory = {};
  // The form's values when its last request left, and the newer values a swap must keep.
  var sent = null;
  var carried = null;

  function valuesOf(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }
  function restore(form, data) {
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name) { return; }
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = data.getAll(element.name).indexOf(element.value) >= 0;
      } else if (data.has(element.name)) {
        element.value = data.get(element.name);
      }
    });
  }
  function tapForm(element) {
    return element && element.tagName === "FORM" && element.querySelector("[data-tap]") ? element : null;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var form = tapForm(event.detail.elt);
    if (form) { sent = valuesOf(form); }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = event.detail.target && tapForm(event.detail.target.querySelector("form"));
    if (form && sent !== null && valuesOf(form) !== sent) {
      carried = new FormData(form);
    }
  });

  function linesOf(text) {
    return text.split("\n").map(function (line) { return line.trim(); }).filter(Boolean);
  }

  // Panels already wired; a WeakSet, not an attribute, so that a page htmx restores
  // from its history cache (attributes and all) is wired again.
  var wired = new WeakSet();

  function setup(panel) {
    if (wired.has(panel)) { return; }
    wired.add(panel);
    panel.hidden = false;
    var form = panel.closest("form");
    var mode = panel.dataset.tap;
    var display = panel.querySelector("[data-display]");
    var prompt = panel.querySelector("[data-prompt]");
    var state = memory[mode] || (memory[mode] = {
      seat: null, action: null, word: "", field: null, digits: "", last: null
    });
    var wordToKind = {};
    panel.querySelectorAll("[data-action]").forEach(function (button) {
      wordToKind[button.dataset.word || button.dataset.action] = button.dataset.action;
      wordToKind[button.dataset.action] = button.dataset.action;
    });

    function field(name) { return form.elements.namedItem(name); }
    function say(text) { if (prompt && text) { prompt.textContent = text; } }
    function submit() {
      if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
    }
    function showDigits() { display.textContent = state.digits || "0"; }
    function press(selector, active) {
      panel.querySelectorAll(selector).forEach(function (button) {
        var on = active(button);
        button.classList.toggle("is-on", on);
        button.setAttribute("aria-pressed", on ? "true" : "false");
      });
    }
    function refresh() {
      press("[data-seat]", function (b) { return Number(b.dataset.seat) === state.seat; });
      press("[data-field]", function (b) { return b.dataset.field === state.field; });
      panel.querySelectorAll("[data-said]").forEach(function (b) {
        b.classList.toggle("is-on", state.field === "said" && b.dataset.said === state.action);
      });
      panel.querySelectorAll("[data-action]").forEach(function (b) {
        b.classList.toggle("is-on", b.dataset.action === state.action);
      });
      showDigits();
      badges();
    }

    // --- what each seat has done, read back from the typed lines -----------------
    function badges() {
      if (mode === "betting" || mode === "wager") {
        var last = {};
        linesOf(field("actions").value).forEach(function (line) {
          var parts = line.split(/\s+/);
          last[parts[0]] = { kind: wordToKind[parts[1]] || parts[1], amount: parts[2] || "" };
        });
        panel.querySelectorAll("[data-seat]").forEach(function (button) {
          var seen = last[button.dataset.seat];
          var badge = button.querySelector("[data-badge]");
          badge.textContent = seen ? seen.amount || labelOf(seen.kind) : "";
          button.classList.toggle("is-folded", !!seen && seen.kind === "fold");
          button.classList.toggle("is-allin", !!seen && seen.kind === "allin");
          if (mode === "wager") {
            var disputed = field("seat").value === button.dataset.seat;
            button.classList.toggle("is-dispute", disputed);
            if (disputed && !seen) { badge.textContent = labelOf("dispute"); }
          }
        });
      } else if (mode === "pots") {
        var amounts = {};
        linesOf(field("contributions").value).forEach(function (line) {
          var parts = line.split(/[\s:=,]+/);
          amounts[parts[0]] = parts[1];
        });
        var folded = field("folded").value.split(/[\s,;]+/);
        panel.querySelectorAll("[data-seat]").forEach(function (button) {
          var seat = button.dataset.seat;
          button.querySelector("[data-badge]").textContent = amounts[seat] || "";
          button.classList.toggle("is-folded", folded.indexOf(seat) >= 0);
        });
      }
      if (mode === "wager" || mode === "pots") {
        panel.querySelectorAll("[data-value]").forEach(function (out) {
          var input = field(out.dataset.value);
          out.textContent = input && input.value ? input.value : "";
        });
      }
    }
    function labelOf(kind) {
      var button = panel.querySelector('[data-action="' + kind + '"]');
      return button ? button.textContent.trim() : kind;
    }

    // --- writing the typed lines -------------------------------------------------
    function appendLine(name, line) {
      var area = field(name);
      var lines = linesOf(area.value);
      lines.push(line);
      area.value = lines.join("\n");
    }
    function setContribution(seat, amount) {
      var area = field("contributions");
      var lines = linesOf(area.value).filter(function (line) {
        return line.split(/[\s:=,]+/)[0] !== String(seat);
      });
      lines.push(seat + " " + amount);
      area.value = lines.join("\n");
    }
    function toggleWord(name, word) {
      var input = field(name);
      var words = input.value.split(/[\s,;]+/).filter(Boolean);
      var at = words.indexOf(word);
      if (at >= 0) { words.splice(at, 1); } else { words.push(word); }
      input.value = words.join(" ");
    }
    function rank(seat, tie) {
      var input = field("ranking");
      var text = input.value.trim();
      input.value = tie && text ? text + "=" + seat : (text ? text + " " : "") + seat;
    }

    function commit() {
      if (mode === "betting") {
        var line = state.seat + " " + state.word + (state.digits ? " " + state.digits : "");
        appendLine("actions", line);
        reset();
        submit();
      } else if (mode === "pots") {
        setContribution(state.seat, state.digits || "0");
        reset();
      } else if (mode === "wager") {
        if (!state.field && state.seat !== null && state.action) {
          appendLine("actions", state.seat + " " + state.word +
                     (state.digits ? " " + state.digits : ""));
          state.last = "actions";
        } else if (state.field === "said") {
          field("said").value = state.word + " " + state.digits;
        } else if (state.field) {
          field(state.field).value = state.digits;
        }
        reset();
      }
    }
    function reset() {
      state.action = null;
      state.word = "";
      state.digits = "";
      if (mode === "wager") { state.field = null; }
      refresh();
    }

    panel.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || !panel.contains(button)) { return; }
      var d = button.dataset;
      if (d.seat) {
        state.seat = Number(d.seat);
        state.action = null;
        if (mode === "wager") { state.field = null; }
        state.digits = "";
        say(panel.dataset.labelSeat + " " + d.seat);
      } else if (d.field) {
        state.field = d.field;
        state.digits = "";
        say(panel.dataset.msgAmount);
      } else if (d.chip) {
        appendWord("chips", d.chip);
        state.last = "chips";
      } else if (d.said) {
        onSaid(button);
      } else if ("clearChips" in d) {
        field("chips").value = "";
      } else if (d.action) {
        onAction(button);
      } else if (d.key) {
        onKey(d.key);
      }
      refresh();
    });
    function appendWord(name, word) {
      var input = field(name);
      input.value = (input.value.trim() + " " + word).trim();
    }
    function onSaid(button) {
      var d = button.dataset;
      if ("needsAmount" in d) {
        state.field = "said";
        state.word = d.word;
        state.action = d.said;
        state.digits = "";
        say(panel.dataset.msgAmount);
      } else {
        field("said").value = d.word;
        reset();
      }
    }
    function onAction(button) {
      var d = button.dataset;
      if (state.seat === null) { say(panel.dataset.msgSeat); return; }
      if (mode === "wager") {
        state.field = null;
        if (d.action === "dispute") {
          field("seat").value = String(state.seat);
          reset();
          return;
        }
      }
      if (mode === "pots" && d.action !== "in") {
        if (d.action === "fold") { toggleWord("folded", String(state.seat)); }
        if (d.action === "best") { rank(state.seat, false); }
        if (d.action === "tie") { rank(state.seat, true); }
        reset();
        return;
      }
      state.action = d.action;
      state.word = d.word || d.action;
      if ("needsAmount" in d) {
        state.digits = "";
        say(panel.dataset.msgAmount);
      } else {
        commit();
      }
    }
    function onKey(key) {
      if (key === "back") {
        state.digits = state.digits.slice(0, -1);
      } else if (key === "ok") {
        if (mode === "wager" && !state.field && !(state.seat !== null && state.action)) {
          say(panel.dataset.msgField);
          return;
        }
        if (mode !== "wager" && (state.seat === null || !state.action)) {
          say(panel.dataset.msgSeat);
          return;
        }
        commit();
      } else if (key === "undo") {
        undo();
      } else if (state.digits.length < 12) {
        state.digits = (state.digits + key).replace(/^0+(?=\d)/, "");
      }
    }
    function undo() {
      if (mode === "betting") {
        var area = field("actions");
        var lines = linesOf(area.value);
        lines.pop();
        area.value = lines.join("\n");
        if (lines.length) { submit(); }
      } else if (mode === "pots") {
        var contributions = field("contributions");
        var kept = linesOf(contributions.value);
        kept.pop();
        contributions.value = kept.join("\n");
      } else if (state.last === "actions" || !field("chips").value.trim()) {
        var round = field("actions");
        var kept2 = linesOf(round.value);
        kept2.pop();
        round.value = kept2.join("\n");
      } else {
        var chips = field("chips");
        var words = chips.value.split(/\s+/).filter(Boolean);
        words.pop();
        chips.value = words.join(" ");
      }
    }
    refresh();
    if (carried) {
      // Written while the last answer was on its way: put back, and ask again.
      var data = carried;
      carried = null;
      restore(form, data);
      refresh();
      submit();
    }
  }

  function init(root) {
    (root || document).querySelectorAll("[data-tap]").forEach(setup);
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
