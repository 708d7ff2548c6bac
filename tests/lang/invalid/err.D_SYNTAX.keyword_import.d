/* import is reserved. */
import lt_lib;
