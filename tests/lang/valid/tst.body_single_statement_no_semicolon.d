/* A single statement without a semicolon. */
BEGIN { trace(1) }
