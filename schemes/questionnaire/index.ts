/** The questionnaire scheme: its form, its rules, its states and its storage. */
export { type Answers, type Condition, conditionHolds, isAnswered, visibleFieldNames } from "./conditions.ts";
export { exampleAnswers } from "./example.ts";
export type { Choice, QuestionnaireField, QuestionnaireStep } from "./fields.ts";
export { questionnaireForm } from "./form.ts";
export { questionnaireProgress } from "./progress.ts";
export { analyseAnswers, type QuestionnaireAnswers, questionnaireAnswersSchema } from "./schema.ts";
export {
  type QuestionnaireAction,
  type QuestionnaireState,
  questionnaireTransitions,
  transition,
} from "./states.ts";
export { type QuestionnaireFieldName, questionnaireFields, questionnaireSteps } from "./steps.ts";
export {
  findLatestQuestionnaire,
  findQuestionnaire,
  type QuestionnaireRow,
  questionnaireView,
} from "./store.ts";
