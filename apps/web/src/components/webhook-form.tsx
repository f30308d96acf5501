import { EVENT_TYPES } from "@tpi/domain";
import type { ReactNode } from "react";
import {
  FORM_EVENT_TYPES,
  type WebhookField,
  type WebhookFieldErrors,
  type WebhookFormValues,
} from "../lib/webhook-form";
import { CsrfField } from "./account-parts";

/**
 * The new subscription's form: plain inputs posted to /account/do/create-webhook, each labelled,
 * each refusal next to its field (announced through aria-describedby), the values sent kept.
 */
export function WebhookForm({
  values,
  errors,
  markets,
  csrfToken,
}: {
  values: WebhookFormValues;
  errors: WebhookFieldErrors;
  /** The markets the api serves, as its market list names them. */
  markets: readonly string[];
  csrfToken: string;
}) {
  return (
    <form
      method="post"
      action="/account/do/create-webhook"
      className="account-form webhook-form"
      data-form="create-webhook"
    >
      <CsrfField token={csrfToken} />
      <div className="form-field">
        <label htmlFor="webhook-url">Endpoint URL</label>
        <input
          id="webhook-url"
          type="url"
          name="url"
          required
          defaultValue={values.url}
          placeholder="https://example.com/hooks/tpi"
          {...describedBy("url", errors, true)}
        />
        <Hint field="url">
          An HTTPS address; each event is a signed POST, which it acknowledges with a 2xx status.
        </Hint>
        <FieldError field="url" errors={errors} />
      </div>

      <fieldset {...describedBy("types", errors, true)}>
        <legend>Event types</legend>
        <Hint field="types">None ticked: every type.</Hint>
        <FieldError field="types" errors={errors} />
        {FORM_EVENT_TYPES.map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              name="types"
              value={type}
              defaultChecked={values.types.includes(type)}
            />
            <span>
              <code>{type}</code> <span className="muted">{EVENT_TYPES[type]}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset {...describedBy("markets", errors, true)}>
        <legend>Markets</legend>
        <Hint field="markets">None ticked: every market.</Hint>
        <FieldError field="markets" errors={errors} />
        <div className="check-row">
          {markets.map((market) => (
            <label key={market} className="check">
              <input
                type="checkbox"
                name="markets"
                value={market}
                defaultChecked={values.markets.includes(market)}
              />
              <span>{market}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        field="series"
        label="Series"
        value={values.series}
        errors={errors}
        hint="Series keys as the API names them (the id in a series page's address: mem_ddr5_16gb, cc-prs; a GPU's name: H100 SXM), separated by commas. Empty: every series."
      />
      <TextField
        field="levels"
        label="Level thresholds"
        value={values.levels}
        errors={errors}
        hint="For threshold.crossed: values in the series' unit, separated by commas; an event each time a value crosses one, up or down."
        inputMode="decimal"
      />
      <TextField
        field="changes"
        label="Change thresholds (percent)"
        value={values.changes}
        errors={errors}
        hint="For threshold.crossed: percentages, separated by commas; an event when a value moves by more than one against the previous value."
        inputMode="decimal"
      />
      <button type="submit">Create webhook</button>
    </form>
  );
}

function hintId(field: WebhookField): string {
  return `webhook-${field}-hint`;
}

function errorId(field: WebhookField): string {
  return `webhook-${field}-error`;
}

/** The field's hint and (when refused) its error, as the control's description. */
function describedBy(field: WebhookField, errors: WebhookFieldErrors, hint: boolean) {
  const refused = errors[field] !== undefined;
  const ids = [...(refused ? [errorId(field)] : []), ...(hint ? [hintId(field)] : [])];
  return {
    ...(ids.length === 0 ? {} : { "aria-describedby": ids.join(" ") }),
    ...(refused ? { "aria-invalid": true } : {}),
  };
}

function Hint({ field, children }: { field: WebhookField; children: ReactNode }) {
  return (
    <p id={hintId(field)} className="hint muted">
      {children}
    </p>
  );
}

function FieldError({ field, errors }: { field: WebhookField; errors: WebhookFieldErrors }) {
  const message = errors[field];
  if (message === undefined) return null;
  return (
    <p id={errorId(field)} className="field-error" data-field-error={field}>
      {message}
    </p>
  );
}

function TextField({
  field,
  label,
  value,
  errors,
  hint,
  inputMode,
}: {
  field: WebhookField;
  label: string;
  value: string;
  errors: WebhookFieldErrors;
  hint: string;
  inputMode?: "decimal";
}) {
  const id = `webhook-${field}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        name={field}
        defaultValue={value}
        {...(inputMode === undefined ? {} : { inputMode })}
        {...describedBy(field, errors, true)}
      />
      <Hint field={field}>{hint}</Hint>
      <FieldError field={field} errors={errors} />
    </div>
  );
}
