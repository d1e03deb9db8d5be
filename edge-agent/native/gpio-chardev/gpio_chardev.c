// The Linux GPIO character device (uAPI v2, kernel >= 5.10), as the edge agent needs it: chip and
// line info, one line request with its flags, initial output values and debounce, values, edge
// events. Thin on purpose: every decision (which chip, which lines, safe values, debounce in time,
// errors an operator reads) is in edge-agent/src/hardware/chardev-*.ts, where tests reach it.
// Speaks the kernel ABI directly, so it runs the same on Raspberry Pi OS Bookworm (libgpiod 1.6)
// and Trixie (libgpiod 2): no libgpiod at all. Errors are thrown with `code` set to the errno name.
#define _GNU_SOURCE
#define NAPI_VERSION 8
#include <errno.h>
#include <linux/gpio.h>
#include <node_api.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    if ((call) != napi_ok) return NULL;                                                            \
  } while (0)

static napi_value throw_errno(napi_env env, const char *what, int err) {
  char message[160];
  snprintf(message, sizeof message, "%s: %s", what, strerror(err));
  const char *code = strerrorname_np(err);
  napi_throw_error(env, code ? code : "EIO", message);
  return NULL;
}

static napi_value throw_type(napi_env env, const char *message) {
  napi_throw_type_error(env, NULL, message);
  return NULL;
}

static int get_args(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
  size_t argc = want;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return 0;
  return argc >= want;
}

static int get_int(napi_env env, napi_value value, int32_t *out) {
  return napi_get_value_int32(env, value, out) == napi_ok;
}

static napi_value set_string(napi_env env, napi_value object, const char *key, const char *text) {
  napi_value value;
  CHECK(napi_create_string_utf8(env, text, strnlen(text, GPIO_MAX_NAME_SIZE), &value));
  CHECK(napi_set_named_property(env, object, key, value));
  return object;
}

static napi_value set_number(napi_env env, napi_value object, const char *key, double number) {
  napi_value value;
  CHECK(napi_create_double(env, number, &value));
  CHECK(napi_set_named_property(env, object, key, value));
  return object;
}

static napi_value set_bool(napi_env env, napi_value object, const char *key, int flag) {
  napi_value value;
  CHECK(napi_get_boolean(env, flag, &value));
  CHECK(napi_set_named_property(env, object, key, value));
  return object;
}

/** chipInfo(chipFd) -> { name, label, lines } */
static napi_value chip_info(napi_env env, napi_callback_info info) {
  napi_value argv[1], result;
  int32_t fd;
  if (!get_args(env, info, 1, argv) || !get_int(env, argv[0], &fd)) return throw_type(env, "chipInfo(fd)");
  struct gpiochip_info chip;
  memset(&chip, 0, sizeof chip);
  if (ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &chip) < 0) return throw_errno(env, "GPIO_GET_CHIPINFO_IOCTL", errno);
  CHECK(napi_create_object(env, &result));
  if (!set_string(env, result, "name", chip.name) || !set_string(env, result, "label", chip.label) ||
      !set_number(env, result, "lines", chip.lines))
    return NULL;
  return result;
}

/** lineInfo(chipFd, offset) -> { name, consumer, used, output, activeLow } */
static napi_value line_info(napi_env env, napi_callback_info info) {
  napi_value argv[2], result;
  int32_t fd, offset;
  if (!get_args(env, info, 2, argv) || !get_int(env, argv[0], &fd) || !get_int(env, argv[1], &offset) || offset < 0)
    return throw_type(env, "lineInfo(fd, offset)");
  struct gpio_v2_line_info line;
  memset(&line, 0, sizeof line);
  line.offset = (uint32_t)offset;
  if (ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &line) < 0) return throw_errno(env, "GPIO_V2_GET_LINEINFO_IOCTL", errno);
  CHECK(napi_create_object(env, &result));
  if (!set_string(env, result, "name", line.name) || !set_string(env, result, "consumer", line.consumer) ||
      !set_bool(env, result, "used", (line.flags & GPIO_V2_LINE_FLAG_USED) != 0) ||
      !set_bool(env, result, "output", (line.flags & GPIO_V2_LINE_FLAG_OUTPUT) != 0) ||
      !set_bool(env, result, "activeLow", (line.flags & GPIO_V2_LINE_FLAG_ACTIVE_LOW) != 0))
    return NULL;
  return result;
}

static int get_property(napi_env env, napi_value object, const char *key, napi_value *value, int *present) {
  bool has = false;
  if (napi_has_named_property(env, object, key, &has) != napi_ok) return 0;
  *present = has;
  if (!has) return 1;
  if (napi_get_named_property(env, object, key, value) != napi_ok) return 0;
  napi_valuetype type;
  if (napi_typeof(env, *value, &type) != napi_ok) return 0;
  if (type == napi_undefined) *present = 0;
  return 1;
}

/**
 * requestLines(chipFd, { consumer, offsets, flags, values?, debounceUs? }) -> request fd
 * flags: GPIO_V2_LINE_FLAG_* for every line; values: the initial logical output value of each
 * offset, applied by the kernel in the same request (no glitch between "output" and "value").
 */
static napi_value request_lines(napi_env env, napi_callback_info info) {
  napi_value argv[2], value, item;
  int32_t fd;
  int present;
  if (!get_args(env, info, 2, argv) || !get_int(env, argv[0], &fd)) return throw_type(env, "requestLines(fd, config)");

  struct gpio_v2_line_request request;
  memset(&request, 0, sizeof request);

  if (!get_property(env, argv[1], "consumer", &value, &present)) return NULL;
  if (present) {
    size_t written;
    CHECK(napi_get_value_string_utf8(env, value, request.consumer, sizeof request.consumer, &written));
  }

  uint32_t count = 0;
  if (!get_property(env, argv[1], "offsets", &value, &present) || !present ||
      napi_get_array_length(env, value, &count) != napi_ok || count == 0 || count > GPIO_V2_LINES_MAX)
    return throw_type(env, "requestLines: offsets must be an array of 1-64 line numbers");
  for (uint32_t i = 0; i < count; i++) {
    int32_t offset;
    CHECK(napi_get_element(env, value, i, &item));
    if (!get_int(env, item, &offset) || offset < 0) return throw_type(env, "requestLines: bad offset");
    request.offsets[i] = (uint32_t)offset;
  }
  request.num_lines = count;

  int32_t flags;
  if (!get_property(env, argv[1], "flags", &value, &present) || !present || !get_int(env, value, &flags))
    return throw_type(env, "requestLines: flags must be a number");
  request.config.flags = (uint64_t)(uint32_t)flags;

  if (!get_property(env, argv[1], "values", &value, &present)) return NULL;
  if (present) {
    uint32_t length = 0;
    CHECK(napi_get_array_length(env, value, &length));
    if (length != count) return throw_type(env, "requestLines: values must match offsets");
    struct gpio_v2_line_config_attribute *attr = &request.config.attrs[request.config.num_attrs++];
    attr->attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
    for (uint32_t i = 0; i < count; i++) {
      int32_t bit;
      CHECK(napi_get_element(env, value, i, &item));
      if (!get_int(env, item, &bit)) return throw_type(env, "requestLines: values must be 0 or 1");
      attr->mask |= 1ULL << i;
      if (bit) attr->attr.values |= 1ULL << i;
    }
  }

  if (!get_property(env, argv[1], "debounceUs", &value, &present)) return NULL;
  if (present) {
    int32_t debounce;
    if (!get_int(env, value, &debounce) || debounce < 0) return throw_type(env, "requestLines: bad debounceUs");
    struct gpio_v2_line_config_attribute *attr = &request.config.attrs[request.config.num_attrs++];
    attr->attr.id = GPIO_V2_LINE_ATTR_ID_DEBOUNCE;
    attr->attr.debounce_period_us = (uint32_t)debounce;
    attr->mask = (count >= 64) ? ~0ULL : ((1ULL << count) - 1);
  }

  if (ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &request) < 0) return throw_errno(env, "GPIO_V2_GET_LINE_IOCTL", errno);
  napi_value result;
  CHECK(napi_create_int32(env, request.fd, &result));
  return result;
}

/** setValues(requestFd, values): every line of the request, logical 0/1 in request order. */
static napi_value set_values(napi_env env, napi_callback_info info) {
  napi_value argv[2], item;
  int32_t fd;
  uint32_t count = 0;
  if (!get_args(env, info, 2, argv) || !get_int(env, argv[0], &fd) ||
      napi_get_array_length(env, argv[1], &count) != napi_ok || count == 0 || count > GPIO_V2_LINES_MAX)
    return throw_type(env, "setValues(fd, values)");
  struct gpio_v2_line_values values = {0, 0};
  for (uint32_t i = 0; i < count; i++) {
    int32_t bit;
    CHECK(napi_get_element(env, argv[1], i, &item));
    if (!get_int(env, item, &bit)) return throw_type(env, "setValues: values must be 0 or 1");
    values.mask |= 1ULL << i;
    if (bit) values.bits |= 1ULL << i;
  }
  if (ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &values) < 0) return throw_errno(env, "GPIO_V2_LINE_SET_VALUES_IOCTL", errno);
  return NULL;
}

/** getValues(requestFd, count) -> logical 0/1 of the first `count` lines of the request. */
static napi_value get_values(napi_env env, napi_callback_info info) {
  napi_value argv[2], result, item;
  int32_t fd, count;
  if (!get_args(env, info, 2, argv) || !get_int(env, argv[0], &fd) || !get_int(env, argv[1], &count) || count < 1 ||
      count > GPIO_V2_LINES_MAX)
    return throw_type(env, "getValues(fd, count)");
  struct gpio_v2_line_values values = {0, count >= 64 ? ~0ULL : ((1ULL << count) - 1)};
  if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &values) < 0) return throw_errno(env, "GPIO_V2_LINE_GET_VALUES_IOCTL", errno);
  CHECK(napi_create_array_with_length(env, (size_t)count, &result));
  for (int32_t i = 0; i < count; i++) {
    CHECK(napi_create_int32(env, (values.bits >> i) & 1, &item));
    CHECK(napi_set_element(env, result, (uint32_t)i, item));
  }
  return result;
}

/**
 * readEvents(requestFd) -> [{ offset, rising, timestampNs }]: the edge events waiting on the
 * request. Call it only when the fd is readable (the caller polls it), or it blocks.
 */
static napi_value read_events(napi_env env, napi_callback_info info) {
  napi_value argv[1], result, item;
  int32_t fd;
  if (!get_args(env, info, 1, argv) || !get_int(env, argv[0], &fd)) return throw_type(env, "readEvents(fd)");
  struct gpio_v2_line_event events[16];
  ssize_t bytes = read(fd, events, sizeof events);
  if (bytes < 0) return throw_errno(env, "read GPIO events", errno);
  size_t count = (size_t)bytes / sizeof events[0];
  CHECK(napi_create_array_with_length(env, count, &result));
  for (size_t i = 0; i < count; i++) {
    CHECK(napi_create_object(env, &item));
    if (!set_number(env, item, "offset", events[i].offset) ||
        !set_bool(env, item, "rising", events[i].id == GPIO_V2_LINE_EVENT_RISING_EDGE) ||
        !set_number(env, item, "timestampNs", (double)events[i].timestamp_ns))
      return NULL;
    CHECK(napi_set_element(env, result, (uint32_t)i, item));
  }
  return result;
}

static napi_value init(napi_env env, napi_value exports) {
  napi_property_descriptor functions[] = {
      {"chipInfo", NULL, chip_info, NULL, NULL, NULL, napi_enumerable, NULL},
      {"lineInfo", NULL, line_info, NULL, NULL, NULL, napi_enumerable, NULL},
      {"requestLines", NULL, request_lines, NULL, NULL, NULL, napi_enumerable, NULL},
      {"setValues", NULL, set_values, NULL, NULL, NULL, napi_enumerable, NULL},
      {"getValues", NULL, get_values, NULL, NULL, NULL, napi_enumerable, NULL},
      {"readEvents", NULL, read_events, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  if (napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions) != napi_ok) return NULL;
  return exports;
}

NAPI_MODULE_INIT() { return init(env, exports); }
