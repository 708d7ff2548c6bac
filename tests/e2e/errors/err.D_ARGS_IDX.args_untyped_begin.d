/* args[] where no provider declares argument types (BEGIN) is refused. */
BEGIN { trace(args[0]); }
