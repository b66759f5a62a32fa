// The player's settings, kept in the browser: each is a control of the settings panel (in the
// More menu) and a mark on the page's root element that the style sheet and the modules read.
// Auto-play is the game's own setting (the server's), and is not kept here.

const KEPT = "patience.settings";
const root = document.documentElement;

// name -> its default (the control's id is setting-NAME); a box sets a class on the root, a choice an attribute.
const BOXES = { dark: false, fourColour: false, leftHanded: false, lessMotion: false, peek: false };
const CHOICES = { back: "blue" };
const CLASSES = { dark: "dark", fourColour: "four-colour", leftHanded: "left-handed", lessMotion: "less-motion" };

function kept() {
  try {
    return { ...BOXES, ...CHOICES, ...JSON.parse(localStorage.getItem(KEPT)) };
  } catch {
    return { ...BOXES, ...CHOICES };
  }
}

export const settings = kept();

function apply() {
  for (const [name, className] of Object.entries(CLASSES)) root.classList.toggle(className, Boolean(settings[name]));
  root.dataset.back = settings.back;
}

function keep() {
  try {
    localStorage.setItem(KEPT, JSON.stringify(settings));
  } catch {
    // full or forbidden: the settings last as long as the page
  }
}

// Whether cards should move as little as may be: the system asks it, or the player does here.
const systemReduced = window.matchMedia("(prefers-reduced-motion: reduce)");
export function lessMotion() {
  return systemReduced.matches || settings.lessMotion;
}

// Shows the settings in their controls and keeps each change; `changed` is told the name.
export function wireSettings(changed) {
  for (const name of [...Object.keys(BOXES), ...Object.keys(CHOICES)]) {
    const control = document.getElementById(`setting-${name}`);
    const box = control.type === "checkbox";
    control[box ? "checked" : "value"] = settings[name];
    control.addEventListener("change", () => {
      settings[name] = box ? control.checked : control.value;
      keep();
      apply();
      changed(name);
    });
  }
}

apply();  // at once, before the first drawing
