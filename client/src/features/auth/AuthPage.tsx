// /auth and /user-auth: Login and Sign Up tabs. A signed-in visitor goes to /account. The guest cart
// is sent with the credentials and merged into the account's cart by the server.
import { useId, useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { useApolloClient, useMutation } from "@apollo/client/react";
import { graphql } from "../../gql/index.ts";
import { credentialsError, emailError, LIMITS, MESSAGES, PASSWORD_HINT, passwordError } from "../../../../common/validation.ts";
import { useViewer, ViewerQuery } from "../../lib/viewer.ts";
import { toast } from "../../ui/toast.tsx";
import { usePageMeta } from "../../lib/page-meta.ts";
import { afterSignIn, signInExtras } from "../../lib/sign-in-steps.ts";
import { isErrorResult, resultError } from "../../lib/mutation-result.ts";
import "../../personal-pages.css";

const AuthLogInMutation = graphql(`
  mutation AuthLogIn($input: LogInInput!) {
    logIn(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationLogInSuccess {
        data {
          viewer {
            ...ViewerFields
          }
        }
      }
    }
  }
`);

const AuthSignUpMutation = graphql(`
  mutation AuthSignUp($input: SignUpInput!) {
    signUp(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on MutationSignUpSuccess {
        data {
          viewer {
            ...ViewerFields
          }
        }
      }
    }
  }
`);

type Tab = "login" | "signup";

function PasswordField(props: { label: string; value: string; onChange: (v: string) => void; autoComplete: string; error?: string | null; hint?: string }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="password-field">
        <input
          id={id}
          type={shown ? "text" : "password"}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          autoComplete={props.autoComplete}
          maxLength={LIMITS.password}
          aria-invalid={Boolean(props.error)}
          aria-describedby={[props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].join(" ").trim() || undefined}
        />
        <button type="button" className="password-field__toggle" onClick={() => setShown(!shown)} aria-label={shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`} aria-pressed={shown}>
          {shown ? "Hide" : "Show"}
        </button>
      </div>
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Where a login asked for by another page returns to: a path on this site, else the account. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/auth") ? from : "/account";
}

export function AuthPage() {
  const location = useLocation();
  const returnTo = returnPath(location.state);
  const [tab, setTab] = useState<Tab>((location.state as { tab?: Tab } | null)?.tab === "signup" ? "signup" : "login");
  usePageMeta({ title: tab === "login" ? "Login" : "Sign Up" });
  const { viewer, loading } = useViewer();
  const navigate = useNavigate();
  const apollo = useApolloClient();
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null; confirm?: string | null; form?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [logIn] = useMutation(AuthLogInMutation);
  const [signUp] = useMutation(AuthSignUpMutation);

  if (!loading && viewer && !busy) return <Navigate to={returnTo} replace />;

  function switchTab(next: Tab) {
    setTab(next);
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const signingUp = tab === "signup";
    const problem = credentialsError({ email, password, confirmPassword: signingUp ? confirmPassword : undefined }, signingUp);
    if (problem) {
      setErrors({
        email: emailError(email),
        // New passwords follow the policy; a login only needs one (older accounts may have shorter ones).
        password: signingUp ? passwordError(password, email) : password ? null : MESSAGES.passwordRequired,
        confirm: signingUp && confirmPassword !== password ? MESSAGES.passwordsDiffer : null,
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const extras = signInExtras();
      const result = signingUp
        ? (await signUp({ variables: { input: { email, password, confirmPassword, fullName: fullName.trim() || null, ...extras } } })).data?.signUp
        : (await logIn({ variables: { input: { email, password, ...extras } } })).data?.logIn;
      if (!result || isErrorResult(result)) {
        const message = resultError(result, "Something went wrong. Please try again.");
        setErrors({ form: message });
        toast.error(message);
        setBusy(false);
        return;
      }
      // The guest cart and saved items join the account's (lib/sign-in-steps.ts), before the store
      // resets and the header loads the account's lists.
      await afterSignIn(apollo);
      await apollo.resetStore().catch(() => undefined);
      apollo.writeQuery({ query: ViewerQuery, data: { viewer: result.data.viewer } });
      toast(signingUp ? "Account created successfully! Please check your email." : "Logged in successfully!");
      navigate(returnTo, { replace: true });
    } catch {
      const message = "Something went wrong. Please try again.";
      setErrors({ form: message });
      toast.error(message);
      setBusy(false);
    }
  }

  return (
    <section className="container auth-page">
      <div className="auth-card">
        <div className="auth-tabs" role="tablist" aria-label="Login or sign up">
          <button type="button" role="tab" id="tab-login" aria-selected={tab === "login"} aria-controls="auth-panel" className="auth-tab" onClick={() => switchTab("login")}>
            Login
          </button>
          <button type="button" role="tab" id="tab-signup" aria-selected={tab === "signup"} aria-controls="auth-panel" className="auth-tab" onClick={() => switchTab("signup")}>
            Sign Up
          </button>
        </div>
        <form id="auth-panel" role="tabpanel" aria-labelledby={tab === "login" ? "tab-login" : "tab-signup"} onSubmit={submit} noValidate>
          <h1>{tab === "login" ? "Welcome back" : "Create your account"}</h1>
          {tab === "signup" && (
            <div className="form-field">
              <label htmlFor="auth-name">Full name</label>
              <input id="auth-name" value={fullName} onChange={(e) => setFullName(e.target.value)} autoComplete="name" maxLength={LIMITS.name} />
            </div>
          )}
          <div className="form-field">
            <label htmlFor="auth-email">Email</label>
            <input
              id="auth-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
              maxLength={LIMITS.email}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? "auth-email-error" : undefined}
            />
            {errors.email && (
              <p className="field-error" id="auth-email-error" role="alert">
                {errors.email}
              </p>
            )}
          </div>
          <PasswordField label="Password" value={password} onChange={setPassword} autoComplete={tab === "login" ? "current-password" : "new-password"} error={errors.password} hint={tab === "signup" ? PASSWORD_HINT : undefined} />
          {tab === "signup" && (
            <PasswordField label="Confirm password" value={confirmPassword} onChange={setConfirmPassword} autoComplete="new-password" error={errors.confirm} />
          )}
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="button auth-submit" disabled={busy}>
            {busy ? "Please wait..." : tab === "login" ? "Login" : "Sign Up"}
          </button>
        </form>
      </div>
    </section>
  );
}
