#pragma D option quiet
BEGIN { trace(1); trace(-2); trace("str"); trace((char)65); exit(0); }
