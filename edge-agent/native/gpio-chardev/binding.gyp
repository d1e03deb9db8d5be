{
  "targets": [
    {
      "target_name": "gpio_chardev",
      "sources": ["gpio_chardev.c"],
      "cflags": ["-Wall", "-Wextra", "-std=gnu11"]
    }
  ]
}
