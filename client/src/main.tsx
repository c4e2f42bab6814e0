import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { ApolloProvider } from "@apollo/client/react";
import { createApolloClient } from "./lib/apollo.ts";
import { router } from "./app/routes.tsx";
import "./styles.css";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <RouterProvider router={router} />
    </ApolloProvider>
  </StrictMode>,
);
