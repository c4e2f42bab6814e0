// A form's error, announced as it appears (role="alert"); nothing while there is none. One element
// for the storefront's and the admin's forms, so that they look and read the same.
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}
