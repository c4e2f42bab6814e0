-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'staff';
