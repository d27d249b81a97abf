import {
  ascPartners,
  contractedServiceLines,
  FULL_STAKE,
  facilityServiceChoices,
  LIST_HINT,
  NA_HINT,
  negotiatedProcedures,
  PAY_FOR_ED_CALL,
  partnershipNatures,
  planAges,
  satisfactionInstruments,
  stakeBands,
} from "./choices.ts";
import type { QuestionnaireField, QuestionnaireStep } from "./fields.ts";
import {
  multipleChoice,
  numberQuestion,
  otherTextbox,
  percentQuestion,
  singleChoice,
  textQuestion,
  yesNoQuestion,
} from "./questions.ts";

/**
 * The 17 steps of the customer questionnaire (admin-area.md section 3) with the rules of section 5.
 * `required` marks the answers the spec demands; every other answer is optional. Conditionally
 * required answers are conditionally shown: the question only appears when it must be answered.
 */
export const questionnaireSteps = [
  {
    step: 1,
    title: "Ambulatory surgical centers",
    fields: [
      yesNoQuestion(
        "ownership_ambulatory_surgical_centers",
        "Does the practice own, or hold a stake in, an ambulatory surgical center (ASC)?",
      ),
      yesNoQuestion(
        "asc_ownership_restrictions",
        "Does your state restrict physician ownership of ASCs (certificate of need, hospital-only licences)?",
      ),
      singleChoice("ownership_stake", "What share of the ASC does the practice own?", stakeBands, {
        required: true,
        showWhen: [{ field: "ownership_ambulatory_surgical_centers", op: "equals", value: "Yes" }],
      }),
      multipleChoice("asc_partner_description", "Who holds the rest of the ASC?", ascPartners, {
        required: true,
        // Partners exist only when the practice holds part of the ASC: a stake given and not 100%.
        showWhen: [
          { field: "ownership_stake", op: "notEmpty" },
          { field: "ownership_stake", op: "notIn", values: [FULL_STAKE] },
        ],
      }),
      otherTextbox("asc_partner_description", "Other ASC partners", LIST_HINT),
    ],
  },
  {
    step: 2,
    title: "Rehabilitation and durable medical equipment",
    fields: [
      yesNoQuestion(
        "own_rehab",
        "Does the practice own its physical and occupational therapy (rehab) services?",
      ),
      yesNoQuestion(
        "accept_therapy_referrals",
        "Does the practice's therapy service accept referrals from providers outside the practice?",
      ),
      yesNoQuestion("dme_program", "Does the practice run a durable medical equipment (DME) program?"),
      yesNoQuestion(
        "dme_tracking_process",
        "Is there a process to track DME dispensed and its reimbursement?",
      ),
    ],
  },
  {
    step: 3,
    title: "Urgent care and patient satisfaction",
    fields: [
      yesNoQuestion(
        "orthopedic_urgent_care",
        "Does the practice offer orthopaedic urgent care (walk-in visits)?",
      ),
      yesNoQuestion(
        "collect_patient_satisfaction_data",
        "Does the practice collect patient satisfaction data?",
      ),
      multipleChoice(
        "collect_patient_satisfaction_instruments",
        "Which instruments collect it?",
        satisfactionInstruments,
        {
          required: true,
          showWhen: [{ field: "collect_patient_satisfaction_data", op: "equals", value: "Yes" }],
        },
      ),
      otherTextbox("collect_patient_satisfaction_instruments", "Other instruments", LIST_HINT),
      yesNoQuestion(
        "address_patient_satisfaction_scores",
        "Are satisfaction scores reviewed with the providers and acted upon?",
      ),
    ],
  },
  {
    step: 4,
    title: "Referrals and hospital partnerships",
    fields: [
      yesNoQuestion("tracking_referrals", "Does the practice track its referral sources and volumes?"),
      yesNoQuestion(
        "secure_emr_connection",
        "Does the practice have a secure EMR connection with its referring providers or hospitals?",
      ),
      yesNoQuestion(
        "financial_partnership_hospitals",
        "Does the practice have financial partnerships with hospitals?",
      ),
      multipleChoice(
        "nature_of_partnership",
        "What is the nature of these partnerships?",
        partnershipNatures,
        {
          required: true,
          showWhen: [{ field: "financial_partnership_hospitals", op: "equals", value: "Yes" }],
        },
      ),
      otherTextbox("nature_of_partnership", "Other partnerships", LIST_HINT),
      numberQuestion("ed_call_rate", "What daily rate do hospitals pay for ED call (USD per day)?", {
        required: true,
        showWhen: [{ field: "nature_of_partnership", op: "includesAny", values: [PAY_FOR_ED_CALL] }],
      }),
    ],
  },
  {
    step: 5,
    title: "Self-insured hospitals",
    fields: [
      yesNoQuestion(
        "hospital_self_insured",
        "Is the employee health plan of your partner hospital self-insured?",
      ),
      textQuestion("self_insured_hospital_name", "Name of the self-insured hospital", NA_HINT),
      textQuestion(
        "local_hospitals_self_insured",
        "Which other local hospitals have a self-insured employee health plan?",
        LIST_HINT,
      ),
    ],
  },
  {
    step: 6,
    title: "Primary care and employers",
    fields: [
      percentQuestion(
        "percentage_pcps_employed",
        "What share of the local primary care physicians is employed by a hospital or health system?",
      ),
      multipleChoice(
        "negotiated_contracts_procedures",
        "For which service lines has the practice negotiated direct contracts with employers?",
        negotiatedProcedures,
      ),
      yesNoQuestion(
        "reserved_spots_for_services",
        "Do you reserve appointment slots for those employers' staff?",
        {
          showWhen: [
            { field: "negotiated_contracts_procedures", op: "includesAny", values: contractedServiceLines },
          ],
        },
      ),
      yesNoQuestion(
        "employer_injury_prevention_program",
        "Do you run an injury prevention program for those employers?",
        {
          showWhen: [
            { field: "negotiated_contracts_procedures", op: "includesAny", values: contractedServiceLines },
          ],
        },
      ),
      yesNoQuestion(
        "local_employers_shared_data",
        "Do local employers share claims or health data with the practice?",
      ),
    ],
  },
  {
    step: 7,
    title: "Athletic trainers",
    fields: [
      yesNoQuestion(
        "athletic_trainers_in_community",
        "Does the practice provide athletic trainers in the community?",
      ),
      textQuestion(
        "local_athletic_organizations",
        "Which local athletic organizations (schools, clubs, teams) does the practice work with?",
        LIST_HINT,
        { required: true },
      ),
      yesNoQuestion(
        "athletic_trainer_partnerships",
        "Are these athletic trainers placed through formal partnership agreements?",
        {
          required: true,
          showWhen: [{ field: "athletic_trainers_in_community", op: "equals", value: "Yes" }],
        },
      ),
      yesNoQuestion(
        "tracking_roi_athletic_trainer",
        "Do you track the return on investment of the athletic trainer program?",
      ),
    ],
  },
  {
    step: 8,
    title: "Strategy and growth",
    fields: [
      yesNoQuestion("strategic_plan", "Does the practice have a written strategic plan?"),
      singleChoice("strategic_plan_updated", "When was the strategic plan last updated?", planAges),
      yesNoQuestion(
        "tracking_progress_initiatives",
        "Does the practice track progress on its strategic initiatives?",
      ),
      yesNoQuestion(
        "physician_recruitment_strategy",
        "Does the practice have a physician recruitment strategy?",
      ),
      yesNoQuestion(
        "expand_services",
        "Does the practice plan to expand its services in the next three years?",
      ),
      textQuestion("additional_services_offered", "Which services would be added?", LIST_HINT),
      textQuestion(
        "anticipated_roi_estimate",
        "What return on investment do you anticipate from these services?",
        NA_HINT,
      ),
    ],
  },
  {
    step: 9,
    title: "Governance",
    fields: [
      yesNoQuestion("key_person_insurance", "Does the practice hold key person insurance on its physicians?"),
      yesNoQuestion(
        "incentive_based_compensation",
        "Is physician compensation incentive based (productivity, quality)?",
        { required: true },
      ),
      yesNoQuestion("executive_council", "Does the practice have an executive council or board?"),
    ],
  },
  {
    step: 10,
    title: "Care navigation",
    fields: [
      yesNoQuestion("patient_navigators", "Does the practice employ patient navigators?"),
      numberQuestion("fte_navigators", "How many full-time equivalents (FTE) of navigators?", {
        required: true,
        showWhen: [{ field: "patient_navigators", op: "equals", value: "Yes" }],
      }),
      yesNoQuestion(
        "technology_support_care_navigators",
        "Is technology (apps, text messaging) used to support care navigation?",
      ),
    ],
  },
  {
    step: 11,
    title: "Access and communication",
    fields: [
      yesNoQuestion("online_appointment_platform", "Can patients book appointments online?"),
      yesNoQuestion(
        "communication_with_pcps",
        "Is there a standard process to report back to primary care physicians after a visit?",
        { required: true },
      ),
      yesNoQuestion(
        "educational_care_coordination_discussions",
        "Do you hold educational or care coordination discussions with referring physicians?",
        { required: true },
      ),
    ],
  },
  {
    step: 12,
    title: "Facilities and site of care",
    fields: [
      multipleChoice(
        "facility_services",
        "Which services do the practice's facilities offer?",
        facilityServiceChoices,
        { required: true },
      ),
      otherTextbox("facility_services", "Other facility services", LIST_HINT),
      yesNoQuestion(
        "site_of_care_selection",
        "Is the site of care (hospital, outpatient department, ASC) chosen by a written protocol?",
        { required: true },
      ),
      yesNoQuestion(
        "blue_distinction_center",
        "Is the practice, or its partner hospital, a Blue Distinction Center?",
        { required: true },
      ),
    ],
  },
  {
    step: 13,
    title: "Joint replacement",
    fields: [
      yesNoQuestion(
        "anterior_hip_replacements",
        "Do your surgeons perform anterior approach hip replacements?",
      ),
      yesNoQuestion(
        "quad_sparing_knee_replacement",
        "Do your surgeons perform quad-sparing knee replacements?",
      ),
    ],
  },
  {
    step: 14,
    title: "Outcomes and early intervention",
    fields: [
      yesNoQuestion(
        "proms_joint_replacement",
        "Do you collect patient-reported outcome measures (PROMs) for joint replacement?",
      ),
      percentQuestion(
        "prom_completion_rate",
        "What share of joint replacement patients complete their PROMs?",
      ),
      yesNoQuestion("second_opinion_clinic", "Does the practice run a second opinion clinic?"),
      yesNoQuestion("optimization_program", "Does the practice run a pre-operative optimization program?"),
      yesNoQuestion(
        "early_intervention_back_program",
        "Does the practice run an early intervention program for back pain?",
      ),
    ],
  },
  {
    step: 15,
    title: "Spine and sports medicine",
    fields: [
      yesNoQuestion(
        "stealth_navigation_system",
        "Do you use a surgical navigation system for spine surgery?",
      ),
      yesNoQuestion("pain_management_services", "Does the practice offer pain management services?"),
      yesNoQuestion(
        "performance_enhancement_programs",
        "Does the practice offer sports performance programs?",
      ),
      yesNoQuestion("injury_prevention_programs", "Does the practice offer injury prevention programs?"),
      yesNoQuestion(
        "athlete_return_programs",
        "Does the practice offer return-to-play programs for athletes?",
      ),
    ],
  },
  {
    step: 16,
    title: "Hand, foot and trauma",
    fields: [
      yesNoQuestion(
        "minimally_invasive_tenotomy",
        "Do you perform minimally invasive (percutaneous) tenotomy?",
      ),
      yesNoQuestion("same_day_splints", "Are custom splints made on the day of the visit?"),
      yesNoQuestion("physicians_cover_ed", "Do the practice's physicians cover the emergency department?"),
      yesNoQuestion(
        "partnerships_hospitals_ems",
        "Does the practice have trauma partnerships with hospitals or EMS?",
      ),
      yesNoQuestion(
        "ems_relationships",
        "Does the practice have direct relationships with local emergency medical services?",
      ),
    ],
  },
  {
    step: 17,
    title: "Hip fracture, gait and orthotics",
    fields: [
      numberQuestion(
        "hip_fracture_surgery_wait_time",
        "Average time from admission to surgery for hip fractures, in hours",
      ),
      yesNoQuestion(
        "hip_fractures_admitted_hospitalist",
        "Are hip fracture patients admitted to a hospitalist service?",
      ),
      yesNoQuestion(
        "hip_fracture_risk_reduction",
        "Does the practice run a fracture risk reduction (bone health) program?",
      ),
      yesNoQuestion("gait_running_clinics", "Does the practice run gait or running clinics?"),
      yesNoQuestion("create_orthotics", "Does the practice make custom orthotics?"),
    ],
  },
] as const satisfies readonly QuestionnaireStep[];

/** Every question in form order (controllers before the fields whose display depends on them). */
export const questionnaireFields: readonly QuestionnaireField[] = questionnaireSteps.flatMap(
  (step): readonly QuestionnaireField[] => step.fields,
);

export type QuestionnaireFieldName = (typeof questionnaireSteps)[number]["fields"][number]["name"];
