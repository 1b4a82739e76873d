/**
 * A sentence chosen by code that is not a component (a model's rule): its message id and values,
 * translated by the component that shows it (`formatMessage(text, text.values)`).
 */
export interface Text {
  id: string;
  values?: Record<string, string>;
}
