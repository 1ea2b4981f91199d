"""The browser side: the spectator page, league index and simulator page (static files), the HTTP server
that serves them, and the self-contained match replay. docs/dashboard.md explains them."""
