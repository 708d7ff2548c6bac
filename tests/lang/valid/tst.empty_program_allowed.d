/* With -x empty a program may hold nothing but comments. */
