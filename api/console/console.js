// The console works without this script; it adds copy buttons, and makes a page that showed a new key
// forget it: the address becomes the keys page, so reloading asks for the list, not the POST again.
document.querySelectorAll('[data-copy]').forEach((button) => {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const text = document.getElementById(button.dataset.copy).textContent;
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  });
});
const replace = document.querySelector('[data-replace-url]');
if (replace) history.replaceState(null, '', replace.dataset.replaceUrl);
