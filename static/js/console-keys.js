// Keyboard shortcuts on the director's clock console.
//
// Space pauses or resumes (or starts), the arrows go to the previous or next
// level, + and − add or remove a minute, ? opens the list. Each key presses the
// console's own button, so permissions, confirmations and htmx stay as they are;
// nothing happens while typing in a field.
(function () {
  "use strict";

  const help = document.querySelector("[data-shortcut-help]");
  const KEYS = {
    " ": ["pause", "resume", "start"],
    ArrowLeft: ["previous"],
    ArrowRight: ["next"],
    "+": ["plus-minute"],
    "=": ["plus-minute"],
    "-": ["minus-minute"],
    "−": ["minus-minute"],
  };

  function typing(target) {
    return target.closest("input, textarea, select, [contenteditable=''], [contenteditable=true]");
  }

  function press(actions) {
    for (const action of actions) {
      const button = document.querySelector('#clock-controls [data-action="' + action + '"]');
      if (button && !button.disabled) {
        button.click();
        return true;
      }
    }
    return false;
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.target instanceof Element && typing(event.target)) return;
    if (event.key === "?") {
      if (help) {
        if (help.open) help.close(); else help.showModal();
        event.preventDefault();
      }
      return;
    }
    if (help && help.open) return;
    // Space on a focused button or link presses that one, as everywhere.
    if (event.key === " " && event.target instanceof Element &&
        event.target.closest("button, a, summary")) return;
    const actions = KEYS[event.key];
    if (actions && press(actions)) event.preventDefault();
  });
})();
