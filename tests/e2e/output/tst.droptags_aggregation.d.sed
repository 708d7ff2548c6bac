s/on CPU [0-9]+$/on CPU N/
