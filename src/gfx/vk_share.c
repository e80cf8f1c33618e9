/* Vulkan-allocated textures and semaphores shared with GL and CUDA (see vk_share.h). */
#include "gl/gl.h"
#include "gfx/vk_share.h"

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TEXTURES 16   /* two frame sets of colour, depth and DoF, with room */

typedef struct shared_texture {
    GLuint tex, memory_object;
    VkImage image;
    VkDeviceMemory memory;
    VkDeviceSize size;
    bool dedicated;
    GLenum format;
    int w, h;
} shared_texture;

/* The entry points used, loaded from libvulkan.so.1 at run time. */
#define VK_INSTANCE_FNS(X)                                                                                     \
    X(vkDestroyInstance) X(vkEnumeratePhysicalDevices) X(vkGetPhysicalDeviceProperties2)                        \
    X(vkGetPhysicalDeviceQueueFamilyProperties) X(vkGetPhysicalDeviceMemoryProperties)                          \
    X(vkGetPhysicalDeviceImageFormatProperties2) X(vkEnumerateDeviceExtensionProperties) X(vkCreateDevice)      \
    X(vkGetDeviceProcAddr)
#define VK_DEVICE_FNS(X)                                                                                       \
    X(vkDestroyDevice) X(vkDeviceWaitIdle) X(vkCreateImage) X(vkDestroyImage) X(vkGetImageMemoryRequirements2)  \
    X(vkAllocateMemory) X(vkFreeMemory) X(vkBindImageMemory) X(vkGetMemoryFdKHR) X(vkCreateSemaphore)          \
    X(vkDestroySemaphore) X(vkGetSemaphoreFdKHR)
#define VK_DECLARE(name) PFN_##name name;

struct vk_share {
    void *lib;
    PFN_vkGetInstanceProcAddr get_instance_proc;
    VK_INSTANCE_FNS(VK_DECLARE)
    VK_DEVICE_FNS(VK_DECLARE)
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    uint8_t uuid[VK_UUID_SIZE];
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    VkPhysicalDeviceMemoryProperties memory_types;
    bool no_semaphores;   /* the device lacks VK_KHR_external_semaphore_fd */
    shared_texture textures[MAX_TEXTURES];
    gl_texture_source source;
};

#define VK_TRY(call, what)                                                                           \
    do {                                                                                             \
        VkResult r_ = (call);                                                                        \
        if (r_ != VK_SUCCESS) return sw_fail(err, "Vulkan: %s: %s failed (VkResult %d)", (what), #call, (int)r_); \
    } while (0)

static int load_instance(vk_share *s, sw_error *err)
{
    s->lib = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!s->lib) return sw_fail(err, "no Vulkan loader (libvulkan.so.1: %s)", dlerror());
    /* POSIX's way to a function pointer from dlsym */
    *(void **)&s->get_instance_proc = dlsym(s->lib, "vkGetInstanceProcAddr");
    if (!s->get_instance_proc) return sw_fail(err, "libvulkan.so.1 has no vkGetInstanceProcAddr");
    PFN_vkCreateInstance create = (PFN_vkCreateInstance)s->get_instance_proc(NULL, "vkCreateInstance");
    if (!create) return sw_fail(err, "the Vulkan loader has no vkCreateInstance");
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "scanworks",
                             .apiVersion = VK_API_VERSION_1_1};
    VkInstanceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
    VK_TRY(create(&ci, NULL, &s->instance), "creating an instance (1.1)");
#define VK_LOAD_INSTANCE(name)                                                                  \
    if (!(s->name = (PFN_##name)s->get_instance_proc(s->instance, #name)))                      \
        return sw_fail(err, "the Vulkan instance has no %s", #name);
    VK_INSTANCE_FNS(VK_LOAD_INSTANCE)
    return 0;
}

/* The physical device whose UUID is GL's, with the extensions and a queue family. */
static int pick_device(vk_share *s, const uint8_t gl_uuid[GL_UUID_SIZE_EXT], sw_error *err)
{
    VkPhysicalDevice devs[16];
    uint32_t n = 16;
    VkResult r = s->vkEnumeratePhysicalDevices(s->instance, &n, devs);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE) return sw_fail(err, "Vulkan: listing devices failed (VkResult %d)", r);
    for (uint32_t i = 0; i < n; i++) {
        VkPhysicalDeviceIDProperties id = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
        VkPhysicalDeviceProperties2 p = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &id};
        s->vkGetPhysicalDeviceProperties2(devs[i], &p);
        if (!memcmp(id.deviceUUID, gl_uuid, VK_UUID_SIZE)) {
            s->physical = devs[i];
            memcpy(s->uuid, id.deviceUUID, VK_UUID_SIZE);
            snprintf(s->name, sizeof s->name, "%s", p.properties.deviceName);
            return 0;
        }
    }
    return sw_fail(err, "none of the %u Vulkan devices is the GL context's (device UUIDs differ)", n);
}

static int create_device(vk_share *s, sw_error *err)
{
    /* memory is required; semaphores only by vk_share_semaphore (a device without them
     * still shares textures) */
    const char *exts[2] = {VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME, VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME};
    VkExtensionProperties have[512];
    uint32_t n = 512, count = 0;
    VkResult r = s->vkEnumerateDeviceExtensionProperties(s->physical, NULL, &n, have);
    if (r != VK_SUCCESS && r != VK_INCOMPLETE) return sw_fail(err, "Vulkan: listing extensions failed (VkResult %d)", r);
    for (size_t e = 0; e < 2; e++) {
        bool found = false;
        for (uint32_t i = 0; i < n && !found; i++) found = !strcmp(have[i].extensionName, exts[e]);
        if (found) exts[count++] = exts[e];
        else if (e == 0) return sw_fail(err, "the Vulkan device lacks %s", exts[e]);
        else s->no_semaphores = true;
    }
    float priority = 1.0f;   /* one queue, never used: a device needs one */
    VkDeviceQueueCreateInfo q = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = 0,
                                 .queueCount = 1, .pQueuePriorities = &priority};
    VkDeviceCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
                             .pQueueCreateInfos = &q, .enabledExtensionCount = count, .ppEnabledExtensionNames = exts};
    VK_TRY(s->vkCreateDevice(s->physical, &ci, NULL, &s->device), "creating a device");
#define VK_LOAD_DEVICE(name)                                                                    \
    s->name = (PFN_##name)s->vkGetDeviceProcAddr(s->device, #name);                             \
    if (!s->name && (!s->no_semaphores || !strstr(#name, "Semaphore")))                         \
        return sw_fail(err, "the Vulkan device has no %s", #name);
    VK_DEVICE_FNS(VK_LOAD_DEVICE)
    s->vkGetPhysicalDeviceMemoryProperties(s->physical, &s->memory_types);
    return 0;
}

static int texture_create(void *user, GLenum format, int w, int h, GLuint *tex, sw_error *err);
static void texture_destroy(void *user, GLuint tex);

int vk_share_create(vk_share **out, sw_error *err)
{
    *out = NULL;
    if (!GLAD_GL_EXT_memory_object_fd) return sw_fail(err, "GL lacks GL_EXT_memory_object_fd");
    GLubyte gl_uuid[GL_UUID_SIZE_EXT] = {0};
    glGetUnsignedBytei_vEXT(GL_DEVICE_UUID_EXT, 0, gl_uuid);
    if (gl_check("reading GL's device UUID", err)) return -1;
    vk_share *s = sw_calloc(1, sizeof *s, "Vulkan sharing state", err);
    if (!s) return -1;
    *out = s;
    s->source = (gl_texture_source){texture_create, texture_destroy, s};
    if (load_instance(s, err) || pick_device(s, gl_uuid, err) || create_device(s, err)) {
        vk_share_destroy(out);
        return -1;
    }
    return 0;
}

static void free_texture(vk_share *s, shared_texture *t)
{
    if (t->tex) glDeleteTextures(1, &t->tex);
    if (t->memory_object) glDeleteMemoryObjectsEXT(1, &t->memory_object);
    if (t->image) s->vkDestroyImage(s->device, t->image, NULL);
    if (t->memory) s->vkFreeMemory(s->device, t->memory, NULL);
    memset(t, 0, sizeof *t);
}

void vk_share_destroy(vk_share **sp)
{
    vk_share *s = *sp;
    if (!s) return;
    if (s->device) {
        glFinish();   /* GL done with the memory before Vulkan frees it */
        for (int i = 0; i < MAX_TEXTURES; i++)
            if (s->textures[i].image) free_texture(s, &s->textures[i]);
        s->vkDeviceWaitIdle(s->device);
        s->vkDestroyDevice(s->device, NULL);
    }
    if (s->instance && s->vkDestroyInstance) s->vkDestroyInstance(s->instance, NULL);
    if (s->lib) dlclose(s->lib);
    free(s);
    *sp = NULL;
}

const uint8_t *vk_share_device_uuid(const vk_share *s) { return s->uuid; }
const char *vk_share_device_name(const vk_share *s) { return s->name; }
const gl_texture_source *vk_share_texture_source(vk_share *s) { return &s->source; }

static VkFormat vk_format_of(GLenum f)
{
    switch (f) {
    case GL_RGBA16F: return VK_FORMAT_R16G16B16A16_SFLOAT;
    case GL_RGBA32F: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case GL_R32F: return VK_FORMAT_R32_SFLOAT;
    case GL_RGBA8: return VK_FORMAT_R8G8B8A8_UNORM;
    default: return VK_FORMAT_UNDEFINED;
    }
}

static int memory_type(const vk_share *s, uint32_t bits, sw_error *err)
{
    for (uint32_t i = 0; i < s->memory_types.memoryTypeCount; i++)
        if ((bits & (1u << i)) &&
            (s->memory_types.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT))
            return (int)i;
    return sw_fail(err, "Vulkan: no device-local memory type for an image (bits 0x%x)", bits);
}

/* The Vulkan image and its exportable memory, bound. */
static int create_image(vk_share *s, shared_texture *t, VkFormat vf, sw_error *err)
{
    const VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkPhysicalDeviceExternalImageFormatInfo xi = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO,
                                                  .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT};
    VkPhysicalDeviceImageFormatInfo2 fi = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
                                           .pNext = &xi, .format = vf, .type = VK_IMAGE_TYPE_2D,
                                           .tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage};
    VkExternalImageFormatProperties xp = {.sType = VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES};
    VkImageFormatProperties2 fp = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2, .pNext = &xp};
    VK_TRY(s->vkGetPhysicalDeviceImageFormatProperties2(s->physical, &fi, &fp), "an exportable image of this format");
    const VkExternalMemoryFeatureFlags feat = xp.externalMemoryProperties.externalMemoryFeatures;
    if (!(feat & VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT))
        return sw_fail(err, "Vulkan cannot export an image of format %d as a file descriptor", (int)vf);
    VkExternalMemoryImageCreateInfo xc = {.sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
                                          .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT};
    VkImageCreateInfo ic = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .pNext = &xc, .imageType = VK_IMAGE_TYPE_2D,
                            .format = vf, .extent = {(uint32_t)t->w, (uint32_t)t->h, 1}, .mipLevels = 1,
                            .arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage, .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
                            .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
    VK_TRY(s->vkCreateImage(s->device, &ic, NULL, &t->image), "creating an image");
    VkMemoryDedicatedRequirements dr = {.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
    VkMemoryRequirements2 mr = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, .pNext = &dr};
    VkImageMemoryRequirementsInfo2 ri = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2, .image = t->image};
    s->vkGetImageMemoryRequirements2(s->device, &ri, &mr);
    t->dedicated = dr.prefersDedicatedAllocation || dr.requiresDedicatedAllocation ||
                   (feat & VK_EXTERNAL_MEMORY_FEATURE_DEDICATED_ONLY_BIT);
    int type = memory_type(s, mr.memoryRequirements.memoryTypeBits, err);
    if (type < 0) return -1;
    VkMemoryDedicatedAllocateInfo da = {.sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO, .image = t->image};
    VkExportMemoryAllocateInfo ea = {.sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
                                     .pNext = t->dedicated ? &da : NULL,
                                     .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT};
    VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .pNext = &ea,
                               .allocationSize = mr.memoryRequirements.size, .memoryTypeIndex = (uint32_t)type};
    VK_TRY(s->vkAllocateMemory(s->device, &ai, NULL, &t->memory), "allocating an image's memory");
    t->size = mr.memoryRequirements.size;
    VK_TRY(s->vkBindImageMemory(s->device, t->image, t->memory, 0), "binding an image's memory");
    return 0;
}

static int memory_fd(vk_share *s, const shared_texture *t, int *fd, sw_error *err)
{
    VkMemoryGetFdInfoKHR gi = {.sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR, .memory = t->memory,
                               .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT};
    *fd = -1;
    VK_TRY(s->vkGetMemoryFdKHR(s->device, &gi, fd), "exporting an image's memory");
    return 0;
}

/* The texture over the image: GL imports the memory and lays its storage on it. */
static int import_into_gl(vk_share *s, shared_texture *t, sw_error *err)
{
    int fd;
    if (memory_fd(s, t, &fd, err)) return -1;
    if (gl_check("before importing Vulkan memory into GL", err)) {
        close(fd);
        return -1;
    }
    glCreateMemoryObjectsEXT(1, &t->memory_object);
    GLint dedicated = t->dedicated ? GL_TRUE : GL_FALSE;
    glMemoryObjectParameterivEXT(t->memory_object, GL_DEDICATED_MEMORY_OBJECT_EXT, &dedicated);
    glImportMemoryFdEXT(t->memory_object, (GLuint64)t->size, GL_HANDLE_TYPE_OPAQUE_FD_EXT, fd);   /* GL owns fd */
    if (gl_check("glImportMemoryFdEXT of Vulkan's memory", err)) {
        close(fd);   /* a failed import leaves it ours */
        return -1;
    }
    glCreateTextures(GL_TEXTURE_2D, 1, &t->tex);
    glTextureParameteri(t->tex, GL_TEXTURE_TILING_EXT, GL_OPTIMAL_TILING_EXT);
    glTextureStorageMem2DEXT(t->tex, 1, t->format, t->w, t->h, t->memory_object, 0);
    return gl_check("glTextureStorageMem2DEXT over Vulkan's memory", err);
}

static int texture_create(void *user, GLenum format, int w, int h, GLuint *tex, sw_error *err)
{
    vk_share *s = user;
    VkFormat vf = vk_format_of(format);
    if (vf == VK_FORMAT_UNDEFINED) return sw_fail(err, "a shared texture of GL format 0x%x is not supported", format);
    shared_texture *t = NULL;
    for (int i = 0; i < MAX_TEXTURES && !t; i++)
        if (!s->textures[i].image) t = &s->textures[i];
    if (!t) return sw_fail(err, "more than %d shared textures", MAX_TEXTURES);
    t->format = format;
    t->w = w;
    t->h = h;
    if (create_image(s, t, vf, err) || import_into_gl(s, t, err)) {
        free_texture(s, t);
        return -1;
    }
    *tex = t->tex;
    return 0;
}

static shared_texture *find(const vk_share *s, GLuint tex)
{
    for (int i = 0; tex && i < MAX_TEXTURES; i++)
        if (s->textures[i].tex == tex) return (shared_texture *)&s->textures[i];
    return NULL;
}

static void texture_destroy(void *user, GLuint tex)
{
    vk_share *s = user;
    shared_texture *t = find(s, tex);
    if (!t) {
        glDeleteTextures(1, &tex);
        return;
    }
    glFinish();   /* GL done with it; CUDA's import keeps its own reference to the memory */
    free_texture(s, t);
}

bool vk_share_owns(const vk_share *s, GLuint tex) { return s && find(s, tex) != NULL; }

int vk_share_export(vk_share *s, GLuint tex, vk_share_memory *out, sw_error *err)
{
    const shared_texture *t = find(s, tex);
    if (!t) return sw_fail(err, "GL texture %u is not one Vulkan allocated", tex);
    *out = (vk_share_memory){-1, t->size, t->dedicated, t->format, t->w, t->h};
    return memory_fd(s, t, &out->fd, err);
}

int vk_share_semaphore(vk_share *s, GLuint *gl_semaphore, int *fd, sw_error *err)
{
    *gl_semaphore = 0;
    *fd = -1;
    if (!GLAD_GL_EXT_semaphore_fd) return sw_fail(err, "GL lacks GL_EXT_semaphore_fd");
    if (s->no_semaphores) return sw_fail(err, "the Vulkan device lacks " VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME);
    VkExportSemaphoreCreateInfo ex = {.sType = VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO,
                                      .handleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT};
    VkSemaphoreCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &ex};
    VkSemaphore sem;
    VK_TRY(s->vkCreateSemaphore(s->device, &ci, NULL, &sem), "creating an exportable semaphore");
    VkSemaphoreGetFdInfoKHR gi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR, .semaphore = sem,
                                  .handleType = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT};
    int gl_fd = -1;
    VkResult r = s->vkGetSemaphoreFdKHR(s->device, &gi, &gl_fd);
    if (r == VK_SUCCESS) r = s->vkGetSemaphoreFdKHR(s->device, &gi, fd);
    /* an opaque descriptor holds a reference to the payload: the VkSemaphore can go */
    s->vkDestroySemaphore(s->device, sem, NULL);
    if (r != VK_SUCCESS) {
        if (gl_fd >= 0) close(gl_fd);
        return sw_fail(err, "Vulkan: exporting a semaphore failed (VkResult %d)", (int)r);
    }
    glGenSemaphoresEXT(1, gl_semaphore);
    glImportSemaphoreFdEXT(*gl_semaphore, GL_HANDLE_TYPE_OPAQUE_FD_EXT, gl_fd);   /* GL owns gl_fd */
    if (gl_check("glImportSemaphoreFdEXT of Vulkan's semaphore", err)) {
        close(gl_fd);
        close(*fd);
        *fd = -1;
        return -1;
    }
    return 0;
}
