// Floor console: close the seat dialog.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-close-dialog]");
  if (!button) return;
  const holder = document.getElementById("seat-dialog");
  if (holder) holder.innerHTML = "";
});
