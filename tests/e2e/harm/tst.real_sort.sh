# sort prints exactly what it prints untraced while every entry and return probe of the dynamic
# linker (the PLT resolver's included) and of libc's str* and mem* functions, and every
# instruction of getenv, setlocale and __libc_start_main, are traced (lt_real, build_prog.sh).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_input 200
lt_real sort sort "$dir/input"
