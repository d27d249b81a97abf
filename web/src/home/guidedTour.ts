import "driver.js/dist/driver.css";
import { type DriveStep, driver } from "driver.js";

/**
 * The guided tour of Home (customer-area.md section 2): the progress line, the practice profile
 * button, then the facilities, providers, import data and questionnaire steps of the checklist.
 * A step whose element is not on the screen (an assistant has no practice profile button) is left
 * out and only logged, as the spec says. At the end the state is reset: `onFinished` runs (the
 * caller clears its caches), then the page is reloaded at /.
 */
export const TOUR_STEPS: { target: string; title: string; description: string }[] = [
  {
    target: "progress",
    title: "Your progress",
    description: "This line fills up as each setup step is done, by you or by our team.",
  },
  {
    target: "practice-profile-button",
    title: "Practice profile",
    description: "Your facilities, providers, data files and questionnaire are all entered here.",
  },
  {
    target: "step-facilities",
    title: "Facilities",
    description: "Add your facilities and their locations. The NPI look-up fills in what it finds.",
  },
  {
    target: "step-providers",
    title: "Providers",
    description: "Add the providers who work at your facilities.",
  },
  {
    target: "step-data-upload",
    title: "Import data",
    description: "Send your yearly data file. Our team then checks it (AHI Review).",
  },
  {
    target: "step-questionnaire",
    title: "Questionnaire",
    description: "Once your data is reviewed, answer the yearly questionnaire; our team reviews it too.",
  },
];

export const tourSelector = (target: string) => `[data-tour="${target}"]`;

export function startGuidedTour(onFinished: () => void) {
  const steps: DriveStep[] = [];
  for (const step of TOUR_STEPS) {
    const selector = tourSelector(step.target);
    if (!document.querySelector(selector)) {
      console.warn(`Guided tour: the step '${step.target}' has no element on this screen; skipped.`);
      continue;
    }
    steps.push({ element: selector, popover: { title: step.title, description: step.description } });
  }
  // Closing (Escape, the close button, Done) goes through onDestroyStarted: driver.js calls it on
  // every close, whereas onDestroyed is skipped when the tour is closed between two steps (no
  // active element yet), which left the page without its reset and reload.
  let finished = false;
  const tour = driver({
    steps,
    showProgress: true,
    allowClose: true,
    onDestroyStarted: () => {
      if (finished) return;
      finished = true;
      tour.destroy();
      onFinished();
      window.location.assign("/");
    },
  });
  tour.drive();
  return tour;
}
