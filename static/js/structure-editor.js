// The structure editor: break rows show only what a break has, and leaving the
// page with changes not saved asks first.
(function () {
  "use strict";

  let dirty = false;
  const editor = () => document.querySelector("[data-structure-editor]");

  function showKinds(root) {
    root.querySelectorAll("[data-level-row]").forEach((row) => {
      const kind = row.querySelector(".kind-cell select");
      if (kind) row.classList.toggle("break-row", kind.value === "break");
    });
  }

  function adopt() {
    const form = editor();
    if (!form) return;
    if (form.hasAttribute("data-saved")) dirty = false;
    if (form.hasAttribute("data-dirty")) dirty = true;
    showKinds(form);
  }

  document.addEventListener("input", (event) => {
    if (event.target.closest && event.target.closest("[data-structure-editor]")) dirty = true;
  });
  document.addEventListener("change", (event) => {
    const form = event.target.closest && event.target.closest("[data-structure-editor]");
    if (!form) return;
    dirty = true;
    if (event.target.matches(".kind-cell select")) showKinds(form);
  });
  // A plain (non-htmx) save leaves the page on purpose.
  document.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (submitter && submitter.hasAttribute("data-save")) dirty = false;
  });
  document.body.addEventListener("htmx:afterSwap", adopt);

  window.addEventListener("beforeunload", (event) => {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = (editor() && editor().dataset.leaveWarning) || "";
  });

  adopt();
})();
