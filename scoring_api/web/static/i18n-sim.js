export const SIM_STRINGS = { en: {}, ru: {} };
