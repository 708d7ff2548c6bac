// The C++ traced program of the ustack tests: a method of a class in a namespace and a template,
// so that frames need demangling.
volatile int lt_sink;

namespace lt {

template <typename T>
__attribute__((noinline)) T twice(T v) {
    lt_sink += static_cast<int>(v);
    return v * 2;
}

class Worker {
public:
    __attribute__((noinline)) int run(int n);
};

int Worker::run(int n) {
    int r = twice<long>(n);
    return r + 1;
}

}  // namespace lt

int main() {
    lt::Worker w;
    return w.run(3) == 7 ? 0 : 1;
}
